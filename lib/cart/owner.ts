import "server-only";
import { getSessionUser } from "@/lib/auth/session";
import { cookieVisitorId, newVisitorId, setVisitorCookie } from "@/lib/cart/cookies";
import type { CartOwner } from "@/lib/cart/owners";

/** This request's cart owner: the signed-in account, else the visitor of the `cart` cookie, else none. */
export async function cartOwner(): Promise<CartOwner | null> {
  const user = await getSessionUser();
  if (user) return { email: user.email };
  const visitorId = await cookieVisitorId();
  return visitorId ? { visitorId } : null;
}

/** The same, giving a visitor without a cart cookie a new one (route handlers and server actions only). */
export async function cartOwnerOrNew(): Promise<CartOwner> {
  const owner = await cartOwner();
  if (owner) return owner;
  const visitorId = newVisitorId();
  await setVisitorCookie(visitorId);
  return { visitorId };
}
