// The cached public pages are the same for every visitor except the header: Login for a visitor,
// DashBoard and Sign Out for a signed-in customer. So each cached page has two variants, one per
// audience (never one per user): the rewrites (lib/cache/cached-routes.ts) put the audience in the
// internal path, and the header reads it from the route's params.

export const AUDIENCES = ["visitor", "signed-in"] as const;
export type Audience = (typeof AUDIENCES)[number];

export function isAudience(value: unknown): value is Audience {
  return (AUDIENCES as readonly unknown[]).includes(value);
}

/**
 * Set by the request guard (proxy.ts) on a request whose session cookie it has verified; a copy sent
 * by the browser is dropped there. The signed-in rewrites also require the session cookie, so a
 * request the guard does not see (no cookie) cannot claim the signed-in variant with this header.
 */
export const SIGNED_IN_HEADER = "x-autoparts-signed-in";
export const SIGNED_IN_VALUE = "1";

/** next-auth v4's session cookie, on http and on https. */
export const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;
