// Paths Next.js itself cannot decode (a stray "%" or a broken UTF-8 escape) would reach its
// router, which answers a bare 500. proxy.ts refuses them first with a 400.

/** The REST paths of SPEC 7 (and the API document): their errors use the API's error shape. */
const API_PREFIXES = ["/carparts", "/orderd", "/orders", "/reviews", "/admin", "/user", "/openapi.json", "/api"] as const;

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((base) => pathname === base || pathname.startsWith(`${base}/`));
}

export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const MALFORMED_PATH_MESSAGE = "The address is not valid: it contains a broken %-escape.";
