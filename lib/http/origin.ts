import type { IncomingHttpHeaders } from "node:http";
import { HttpError } from "@/lib/http/errors";
import { isApiPath } from "@/lib/server/request-path";
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

// Cross-site requests: refused for API writes that carry a session (assertSameOrigin) and, in the
// request filter, for server actions (isCrossSiteServerAction).

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function carriesSessionCookie(request: Request): boolean {
  const cookie = request.headers.get("cookie");
  if (!cookie) return false;
  return cookie.split(";").some((part) => {
    const name = part.split("=")[0]?.trim() ?? "";
    // next-auth splits large tokens into name.0, name.1, …
    return SESSION_COOKIES.some((s) => name === s || name.startsWith(`${s}.`));
  });
}

/**
 * Another site cannot make a signed-in visitor act: a state-changing request that carries
 * the session cookie must say it comes from our own origin (Origin, else Sec-Fetch-Site).
 */
export function assertSameOrigin(request: Request): void {
  if (!STATE_CHANGING.has(request.method.toUpperCase()) || !carriesSessionCookie(request)) return;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    if (isShopOrigin(origin, request.headers.get(BROWSER_ORIGIN_HEADER))) return;
    throw new HttpError(403, CROSS_SITE_MESSAGE);
  }
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  throw new HttpError(403, CROSS_SITE_MESSAGE);
}

// Next checks a server action's Origin against the Host itself, but refuses a foreign one by
// throwing: a bare 500 "Internal Server Error" and two lines in the log per request, which any site
// can cause with a form. The request filter (lib/server/server-lifecycle.ts) refuses those first, with a 403.

/** What a form sends without JavaScript; Next runs such a POST to a page as a server action. */
const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

export function mayBeServerAction(method: string, pathname: string, headers: IncomingHttpHeaders): boolean {
  if (method.toUpperCase() !== "POST" || isApiPath(pathname)) return false;
  const mediaType = (headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
  return headers["next-action"] !== undefined || FORM_TYPES.has(mediaType);
}

/**
 * A server action (the sign-in and sign-up forms, with or without JavaScript) posted from another
 * origin, or from an opaque one ("null": a sandboxed frame, a data: page). A POST without Origin is
 * not a browser's and carries nobody's session by surprise: Next lets it through, and so does this.
 */
export function isCrossSiteServerAction(method: string, pathname: string, headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (origin === undefined || !mayBeServerAction(method, pathname, headers)) return false;
  const browserOrigin = headers[BROWSER_ORIGIN_HEADER];
  return !isShopOrigin(origin, typeof browserOrigin === "string" ? browserOrigin : null);
}
