/** Where a sign-in returns to when no (acceptable) origin was remembered. SPEC 9. */
export const DEFAULT_CALLBACK_URL = "/";

// Resolved against a placeholder origin: anything that leaves it is off-site.
const PLACEHOLDER_ORIGIN = "http://same-site.invalid";
const MAX_LENGTH = 2048;
// Returning to these would loop through sign-in again or land on raw JSON.
const NOT_A_DESTINATION = ["/signin", "/signup", "/signout-redirect", "/api"];

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function decodedOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * A path that stays on this site however it is read: browsers and URL parsers take "//host",
 * "/\host" and "/<TAB>/host" for another host, and a server or router that decodes once more
 * turns "/%2F%2Fhost" and "/%5Chost" into those.
 */
function staysOnSite(path: string): boolean {
  for (const form of [path, decodedOrNull(path)]) {
    if (form === null || !form.startsWith("/") || form.startsWith("//") || form.includes("\\") || hasControlCharacter(form)) return false;
  }
  return true;
}

/**
 * The callbackUrl to send a user to after sign-in: a same-site path such as "/purchase/abc?x=1",
 * or "/" for anything else. The decision is taken on the normalised path that will be sent, not
 * on the text given: "/.//evil.com", "/%2e//evil.com" and "/a/..//evil.com" all normalise to
 * "//evil.com".
 */
export function safeCallbackUrl(value: unknown): string {
  const raw = Array.isArray(value) ? (value[0] as unknown) : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return DEFAULT_CALLBACK_URL;
  // Refused before parsing too: the URL parser silently drops tabs and newlines and turns "\" into "/".
  if (!raw.startsWith("/") || raw.includes("\\") || hasControlCharacter(raw)) return DEFAULT_CALLBACK_URL;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return DEFAULT_CALLBACK_URL;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || !staysOnSite(url.pathname)) return DEFAULT_CALLBACK_URL;
  if (NOT_A_DESTINATION.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return DEFAULT_CALLBACK_URL;
  // The parsed form, so what we redirect to is exactly what we checked.
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in or sign-up page, remembering where the user was going (switching between them keeps it). */
export function authPagePath(page: "/signin" | "/signup", origin: unknown): string {
  const callbackUrl = safeCallbackUrl(origin);
  return callbackUrl === DEFAULT_CALLBACK_URL ? page : `${page}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

/** The sign-in page, remembering where the user was going. */
export const signInPath = (origin: unknown): string => authPagePath("/signin", origin);
