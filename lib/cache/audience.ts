// The cached public pages are the same for every visitor except the header: Login for a visitor,
// DashBoard and Sign Out for a signed-in customer, and the number on the cart link. So each cached
// page has a few variants, one per audience and cart count (never one per user): the rewrites
// (lib/cache/cached-routes.ts) put them in the internal path's audience segment, and the header
// reads them from the route's params.

export const AUDIENCES = ["visitor", "signed-in"] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * The header's cart count, as the server writes it with every change to this browser's cart (lib/cart):
 * "1" to "99", or MANY_IN_CART past that; no cookie for an empty cart. The value is the audience
 * segment's suffix itself, so one rewrite per page serves every count. Not HttpOnly: the header
 * reads it after a change made in place, without asking the server.
 */
export const CART_COUNT_COOKIE = "cart-count";
/** The most the header counts; anything above shows as "99+", so a page has at most 101 cart variants. */
export const MOST_COUNTED = 99;
/** The cookie's and the audience segment's spelling of "more than MOST_COUNTED". */
export const MANY_IN_CART = "99plus";
/** A cart-count cookie's value as the server writes it (a regular expression's source). */
export const CART_COUNT_VALUE = `[1-9]\\d?|${MANY_IN_CART}`;
const CART_COUNT = new RegExp(`^(?:${CART_COUNT_VALUE})$`);

/** An audience segment: `visitor` or `signed-in`, then `_<count>` when the cart holds something. */
const AUDIENCE_SEGMENT = new RegExp(`^(${AUDIENCES.join("|")})(?:_(${CART_COUNT_VALUE}))?$`);

/** Who a page was drawn for, and the cart count its header shows ("" for an empty cart). */
export type PageAudience = { who: Audience; cartCount: string };

/** The audience segment of an internal path, read; null when it is not one the rewrites produce. */
export function readAudience(segment: unknown): PageAudience | null {
  const match = typeof segment === "string" ? AUDIENCE_SEGMENT.exec(segment) : null;
  if (!match) return null;
  return { who: match[1] as Audience, cartCount: shownCartCount(match[2]) };
}

export function isAudience(segment: unknown): boolean {
  return readAudience(segment) !== null;
}

/** The cart-count cookie's value for a cart of `itemCount` items; "" for an empty cart (no cookie). */
export function cartCountCookieValue(itemCount: number): string {
  if (!Number.isInteger(itemCount) || itemCount < 1) return "";
  return itemCount > MOST_COUNTED ? MANY_IN_CART : String(itemCount);
}

/** The header's number for a cart-count cookie's value: "" for none or one the server does not write, "1".."99", or "99+". */
export function shownCartCount(cookieValue: string | undefined): string {
  if (!cookieValue || !CART_COUNT.test(cookieValue)) return "";
  return cookieValue === MANY_IN_CART ? `${MOST_COUNTED}+` : cookieValue;
}

/** The audience segment of a browser, from who it is and its cart-count cookie. */
export function audienceSegment(who: Audience, cookieValue: string | undefined): string {
  return cookieValue && CART_COUNT.test(cookieValue) ? `${who}_${cookieValue}` : who;
}

/**
 * Set by the request guard (proxy.ts) on a request whose session cookie it has verified, to the
 * signed-in audience segment (`signed-in`, `signed-in_3`); a copy sent by the browser is dropped
 * there. The signed-in rewrites also require a session cookie, so a request the guard does not see
 * (no cookie) cannot claim the signed-in variant with this header.
 */
export const SIGNED_IN_HEADER = "x-autoparts-signed-in";

/** next-auth v4's session cookie, on http and on https. */
export const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;
