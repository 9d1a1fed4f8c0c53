import { siteUrl } from "@/lib/site/site";

// What the node:http request filter (lib/server/server-lifecycle.ts, lib/server/trusted-proxies.ts) learnt from
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

/** The refusal of a write that another site made a visitor's browser send. */
export const CROSS_SITE_MESSAGE = "Cross-site request refused: this action must come from the shop's own pages.";

/**
 * Whether an Origin header names the shop: the origin the browser used for this request (stamped
 * by the request filter from the scheme and Host, or a trusted proxy's forwarding headers) or the
 * configured public one. "null" and anything unparsable are not.
 */
export function isShopOrigin(origin: string, browserOrigin: string | null): boolean {
  const sent = originOf(origin);
  if (!sent) return false;
  if (sent === browserOrigin) return true;
  try {
    return sent === siteUrl().origin;
  } catch {
    // A malformed SITE_URL only narrows what is accepted.
    return false;
  }
}
