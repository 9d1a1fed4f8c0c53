import "server-only";
import { cookies } from "next/headers";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { CART_PATH } from "@/lib/cache/cached-routes";

// What the last cart form did ("Added 2 × Brake pads to your cart.", "Only 3 in stock…"), carried
// over the redirect to the cart page, where a form without JavaScript ends. Only the cart page
// reads it; it lasts a minute, and the next change replaces it.

const NOTICE_COOKIE = "cart-notice";
const NOTICE_MAX_AGE_S = 60;
const MOST_CHARS = 500;

/** Notes the server's message for the cart page (route handlers and server actions only). */
export async function setCartNotice(message: string): Promise<void> {
  (await cookies()).set(NOTICE_COOKIE, message.slice(0, MOST_CHARS), {
    path: CART_PATH,
    maxAge: NOTICE_MAX_AGE_S,
    httpOnly: true,
    sameSite: "lax",
    secure: wantsSecureCookies(),
  });
}

/** The last cart form's message, if it is still fresh. */
export async function cartNotice(): Promise<string | null> {
  return (await cookies()).get(NOTICE_COOKIE)?.value.slice(0, MOST_CHARS) || null;
}
