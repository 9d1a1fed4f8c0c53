import type { IncomingHttpHeaders } from "node:http";
import { BROWSER_ORIGIN_HEADER, isShopOrigin } from "@/lib/request-origin";
import { isApiPath } from "@/lib/server/request-path";

// Next checks a server action's Origin against the Host itself, but refuses a foreign one by
// throwing: a bare 500 "Internal Server Error" and two lines in the log per request, which any site
// can cause with a form. The request filter (lib/server/server-lifecycle.ts) refuses those first, with a 403.

/** What a form sends without JavaScript; Next runs such a POST to a page as a server action. */
const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

function mayBeServerAction(method: string, pathname: string, headers: IncomingHttpHeaders): boolean {
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
