import "server-only";
import { clearVisitorCookie, cookieVisitorId, setCountCookie, setMergedCookie } from "@/lib/cart/cookies";
import { mergeVisitorCart } from "@/lib/cart/merge";
import { cartItemCount } from "@/lib/cart/queries";
import { normaliseEmail } from "@/lib/validation/auth";

/**
 * On signing in or up (any way: the forms, next-auth's credentials callback, Google): the visitor's
 * cart joins the account's, the visitor cookie goes, what was clamped is noted in the `cart-merged`
 * cookie for the cart page, and the header's count becomes the account's.
 */
export async function meetCart(signedIn: string): Promise<void> {
  const email = normaliseEmail(signedIn);
  const visitorId = await cookieVisitorId();
  if (visitorId) {
    const { clamped } = await mergeVisitorCart(visitorId, email);
    await clearVisitorCookie();
    await setMergedCookie(clamped);
  }
  await setCountCookie(await cartItemCount({ email }));
}

/** On signing out: the browser holds no cart any more (the visitor's joined the account's at sign-in). */
export async function leaveCart(): Promise<void> {
  await setCountCookie(0);
}
