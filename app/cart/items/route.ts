import { jsonReply } from "@/lib/http/errors";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { addToCart, emptyCart } from "@/lib/cart/commands";
import { setCountCookie } from "@/lib/cart/cookies";
import { cartOwner, cartOwnerOrNew } from "@/lib/cart/owner";
import { readCart } from "@/lib/cart/queries";
import { EMPTY_CART } from "@/lib/cart/views";
import { cartAddSchema } from "@/lib/validation/cart";

// The cart of this browser: the signed-in account's, else the visitor's of the `cart` cookie.

/** The cart with each part as it is now; the header's count cookie follows it (another device may have changed it). */
export const GET = route(async () => {
  const cart = await readCart(await cartOwner());
  await setCountCookie(cart.itemCount);
  return jsonReply({ success: true, cart });
});

/** Adds a part (to its line if the cart has one), clamped to the part's rules; a visitor without a cart gets one. */
export const POST = route(async (request: Request) => {
  const { partId, quantity } = parseWith(cartAddSchema, await readJsonBody(request));
  const { cart, message } = await addToCart(await cartOwnerOrNew(), partId.toLowerCase(), quantity);
  return jsonReply({ success: true, message, cart }, 201);
});

/** Empties the cart. */
export const DELETE = route(async () => {
  const owner = await cartOwner();
  if (owner) await emptyCart(owner);
  else await setCountCookie(0);
  return jsonReply({ success: true, message: "Your cart is empty.", cart: EMPTY_CART });
});
