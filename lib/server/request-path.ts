// Paths Next.js itself cannot decode (a stray "%" or a broken UTF-8 escape) would reach its
// router, which answers a bare 500. The server refuses them first with a 400
// (lib/server/server-lifecycle.ts, before Next sees the request).

/** The REST paths of SPEC 7 and the shop's own (and the API document): their errors use the API's error shape. */
const API_PREFIXES = ["/carparts", "/part-images", "/orderd", "/orders", "/cart/items", "/reviews", "/admin", "/user", "/vehicle-years", "/fitment-imports", "/imports", "/openapi.json", "/api"] as const;

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

/** The 400 for an undecodable path: the API's error shape on API paths, a small page elsewhere. */
export function malformedPathReply(pathname: string): { contentType: string; body: string } {
  if (isApiPath(pathname)) return { contentType: "application/json", body: JSON.stringify({ success: false, message: MALFORMED_PATH_MESSAGE }) };
  return refusalPage("Bad request", MALFORMED_PATH_MESSAGE);
}

/** A small page for a request refused before Next renders anything. `message` is the shop's own text, never the request's. */
export function refusalPage(title: string, message: string): { contentType: string; body: string } {
  return {
    contentType: "text/html; charset=utf-8",
    body: `<!doctype html><title>${title}</title><h1>${title}</h1><p>${message} <a href="/">Go to the home page</a>.</p>`,
  };
}
