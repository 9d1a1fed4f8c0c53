import "server-only";
import { randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { CART_COUNT_COOKIE, cartCountCookieValue } from "@/lib/cache/audience";

// The browser's side of the cart. `cart`: the visitor's cart id, HttpOnly, the only key to a
// visitor's cart, so it is long and random. `cart-count`: the number of items as the header shows
// it (lib/cache/audience.ts), readable by the header's script and the rewrites, so the cached pages
// stay the same for every cart of that count. `cart-merged`: what signing in
// had to change in the visitor's cart, shown once by the cart page.

export const VISITOR_COOKIE = "cart";
export const COUNT_COOKIE = CART_COUNT_COOKIE;
export const MERGED_COOKIE = "cart-merged";

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
/** Long enough to reach the page the sign-in leads to. */
const MERGED_MAX_AGE_S = 10 * 60;
/** A cookie stays well under the browsers' 4 KB per cookie. */
const MERGED_MAX_CHARS = 1500;

/** 144 random bits, URL-safe. */
const VISITOR_ID = /^[A-Za-z0-9_-]{24}$/;

export const newVisitorId = (): string => randomBytes(18).toString("base64url");

/** A visitor id as the shop makes them, or null: anything else was not ours. */
export function visitorIdOf(value: string | undefined): string | null {
  return value && VISITOR_ID.test(value) ? value : null;
}

type CookieOptions = { path: string; maxAge: number; httpOnly: boolean; sameSite: "lax"; secure: boolean };
const options = (maxAge: number, httpOnly = true): CookieOptions => ({ path: "/", maxAge, httpOnly, sameSite: "lax", secure: wantsSecureCookies() });

/** This request's visitor id (server components, route handlers, server actions). */
export async function cookieVisitorId(): Promise<string | null> {
  return visitorIdOf((await cookies()).get(VISITOR_COOKIE)?.value);
}

/** Gives the browser its visitor id (route handlers and server actions only). */
export async function setVisitorCookie(visitorId: string): Promise<void> {
  (await cookies()).set(VISITOR_COOKIE, visitorId, options(THIRTY_DAYS_S));
}

export async function clearVisitorCookie(): Promise<void> {
  (await cookies()).set(VISITOR_COOKIE, "", options(0));
}

/** The header's count (capped as it shows it); 0 forgets the cookie. */
export async function setCountCookie(itemCount: number): Promise<void> {
  const jar = await cookies();
  const count = cartCountCookieValue(itemCount);
  if (count) jar.set(COUNT_COOKIE, count, options(THIRTY_DAYS_S, false));
  else if (jar.has(COUNT_COOKIE)) jar.set(COUNT_COOKIE, "", options(0, false));
}

/** Notes what merging the visitor's cart changed, for the cart page to show: a JSON list of sentences (none forgets an older note). */
export async function setMergedCookie(messages: readonly string[]): Promise<void> {
  const kept: string[] = [];
  for (const message of messages) {
    if (encodeURIComponent(JSON.stringify([...kept, message])).length > MERGED_MAX_CHARS) break;
    kept.push(message);
  }
  const jar = await cookies();
  // The cookie store URL-encodes the value it sends, and decodes it when read.
  if (kept.length > 0) jar.set(MERGED_COOKIE, JSON.stringify(kept), options(MERGED_MAX_AGE_S));
  else if (jar.has(MERGED_COOKIE)) jar.set(MERGED_COOKIE, "", options(0));
}

/** What merging the visitor's cart at sign-in changed (server components may read it; it expires on its own). */
export async function mergeNotices(): Promise<string[]> {
  const raw = (await cookies()).get(MERGED_COOKIE)?.value;
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string").slice(0, 50) : [];
  } catch {
    return [];
  }
}

/** Forgets the merge notices once shown (route handlers and server actions only). */
export async function clearMergedCookie(): Promise<void> {
  const jar = await cookies();
  if (jar.has(MERGED_COOKIE)) jar.set(MERGED_COOKIE, "", options(0));
}
