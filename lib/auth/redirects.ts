import { headers } from "next/headers";
import { BROWSER_ORIGIN_HEADER } from "@/lib/http/origin";
import { siteUrl } from "@/lib/site/site";

/**
 * Where next-auth may send the visitor: the same path on the host they are on (its default would
 * move them to NEXTAUTH_URL's host, whose cookies they do not have). A target on the configured
 * site or on the visitor's own host keeps its path on the visitor's host; anything else becomes
 * the visitor's home page, as next-auth's default does.
 */
export function onVisitorsHost(url: string, configuredOrigin: string, visitorOrigin: string | null): string {
  const home = visitorOrigin ?? configuredOrigin;
  let target: URL;
  try {
    target = new URL(url, home);
  } catch {
    return home;
  }
  if (target.origin !== home && target.origin !== configuredOrigin) return home;
  return `${home}${target.pathname}${target.search}${target.hash}`;
}

/** next-auth's redirect callback: runs inside its route handler, so the request's stamped origin is at hand. */
export async function redirectOnVisitorsHost({ url, baseUrl }: { url: string; baseUrl: string }): Promise<string> {
  let visitorOrigin: string | null = null;
  try {
    visitorOrigin = (await headers()).get(BROWSER_ORIGIN_HEADER);
  } catch {
    // Outside a request (no headers to read): next-auth's configured origin.
  }
  return onVisitorsHost(url, baseUrl, visitorOrigin);
}

/**
 * next-auth's redirects that skip the redirect callback (a refused sign-in or sign-up sent to its
 * error page) are built on NEXTAUTH_URL: moved onto the host the visitor is on, path kept. Other
 * sites' addresses (Google's sign-in) are left alone.
 */
export function locationOnVisitorsHost(response: Response, visitorOrigin: string | null): Response {
  const location = response.headers.get("location");
  if (!location || !visitorOrigin) return response;
  let target: URL;
  try {
    target = new URL(location);
  } catch {
    return response; // a relative Location already stays on the visitor's host
  }
  const configured = new Set([siteUrl().origin, ...(process.env.NEXTAUTH_URL ? [new URL(process.env.NEXTAUTH_URL).origin] : [])]);
  if (target.origin === visitorOrigin || !configured.has(target.origin)) return response;
  const moved = new Response(response.body, response);
  moved.headers.set("location", onVisitorsHost(location, target.origin, visitorOrigin));
  return moved;
}
