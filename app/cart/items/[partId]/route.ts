import { jsonReply } from "@/lib/http/errors";
import { objectIdParam } from "@/lib/http/params";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { removeCartLine, setCartLineQuantity } from "@/lib/cart/commands";
import { cartOwner } from "@/lib/cart/owner";
import { EMPTY_CART } from "@/lib/cart/views";
import { NotFoundError } from "@/lib/errors";
import { cartLineChangeSchema } from "@/lib/validation/cart";

type Context = { params: Promise<{ partId: string }> };

const NO_CART = "Your cart is empty.";

/** Sets a line's quantity, clamped to the part's rules (0 removes it); 404 when the part is not in the cart. */
export const PATCH = route(async (request: Request, { params }: Context) => {
  const partId = objectIdParam((await params).partId, "The part id");
  const { quantity } = parseWith(cartLineChangeSchema, await readJsonBody(request));
  const owner = await cartOwner();
  if (!owner) throw new NotFoundError(NO_CART);
  const { cart, message } = await setCartLineQuantity(owner, partId, quantity);
  return jsonReply({ success: true, message, cart });
});

/** Removes a part's line; a line already gone changes nothing. */
export const DELETE = route(async (_request: Request, { params }: Context) => {
  const partId = objectIdParam((await params).partId, "The part id");
  const owner = await cartOwner();
  return jsonReply({ success: true, message: "Removed from your cart.", cart: owner ? await removeCartLine(owner, partId) : EMPTY_CART });
});
