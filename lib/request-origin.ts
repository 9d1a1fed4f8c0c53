// What the node:http request filter (lib/server-lifecycle.ts, lib/trusted-proxies.ts) learnt from
// the socket and the trusted proxies, stamped on every request before Next sees it. The filter
// always overwrites these, so a value a client sends under these names never arrives.

/** The client's address: the socket's, or the one a trusted proxy reports. */
export const CLIENT_ADDRESS_HEADER = "x-autoparts-client-address";
/** The origin the browser used (scheme and Host, or a trusted proxy's X-Forwarded-Proto/-Host). */
export const BROWSER_ORIGIN_HEADER = "x-autoparts-browser-origin";

/** The serialised origin of a URL such as an Origin header, or null when it is not one. */
export function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}
