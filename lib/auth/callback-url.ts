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

/**
 * The callbackUrl to send a user to after sign-in: a same-site path such as "/purchase/abc?x=1",
 * or "/" for anything else. Browsers and URL parsers treat "//evil.com", "/\evil.com" and
 * "/<TAB>/evil.com" as another host, so those are refused along with absolute URLs.
 */
export function safeCallbackUrl(value: unknown): string {
  const raw = Array.isArray(value) ? (value[0] as unknown) : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return DEFAULT_CALLBACK_URL;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\") || hasControlCharacter(raw)) return DEFAULT_CALLBACK_URL;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return DEFAULT_CALLBACK_URL;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return DEFAULT_CALLBACK_URL;
  if (NOT_A_DESTINATION.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return DEFAULT_CALLBACK_URL;
  // The parsed form, so what we redirect to is exactly what we checked.
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, remembering where the user was going. */
export function signInPath(origin: unknown): string {
  const callbackUrl = safeCallbackUrl(origin);
  return callbackUrl === DEFAULT_CALLBACK_URL ? "/signin" : `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}
