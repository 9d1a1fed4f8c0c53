// The cached public pages are the same for every visitor except the header: Login for a visitor,
// DashBoard and Sign Out for a signed-in customer, and the number on the cart link. So each cached
// page has a few variants, one per audience and cart count (never one per user): the rewrites
// (lib/cache/cached-routes.ts) put them in the internal path's audience segment, and the header
// reads them from the route's params.

export const AUDIENCES = ["visitor", "signed-in"] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * The item count the server keeps in this browser's cart (lib/cart writes it on every change). Not
 * HttpOnly: the header reads it after a change made in place, without asking the server.
 */
export const CART_COUNT_COOKIE = "cart-count";
/** The most the header counts; anything above shows as "99+", so a page has at most 101 cart variants. */
export const MOST_COUNTED = 99;
/** The audience segment's spelling of "more than MOST_COUNTED". */
export const MANY_IN_CART = "99plus";

/** An audience segment: `visitor` or `signed-in`, then `_<count>` when the cart holds something. */
const AUDIENCE_SEGMENT = new RegExp(`^(${AUDIENCES.join("|")})(?:_([1-9]\\d?|${MANY_IN_CART}))?$`);

/** Who a page was drawn for, and the cart count its header shows ("" for an empty cart). */
export type PageAudience = { who: Audience; cartCount: string };

/** The audience segment of an internal path, read; null when it is not one the rewrites produce. */
export function readAudience(segment: unknown): PageAudience | null {
  const match = typeof segment === "string" ? AUDIENCE_SEGMENT.exec(segment) : null;
  if (!match) return null;
  const count = match[2] ?? "";
  return { who: match[1] as Audience, cartCount: count === MANY_IN_CART ? `${MOST_COUNTED}+` : count };
}

export function isAudience(segment: unknown): boolean {
  return readAudience(segment) !== null;
}

/** The header's number for a cart-count cookie's value: "" for none, "1".."99", or "99+". */
export function shownCartCount(cookieValue: string | undefined): string {
  const count = Number(cookieValue);
  if (!Number.isInteger(count) || count < 1) return "";
  return count > MOST_COUNTED ? `${MOST_COUNTED}+` : String(count);
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
