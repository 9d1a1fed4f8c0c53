import { NextResponse } from "next/server";
import { addToCart } from "@/lib/cart/commands";
import { cartOwnerOrNew } from "@/lib/cart/owner";
import { CART_PATH } from "@/lib/cache/cached-routes";
import { UnsupportedContentError } from "@/lib/errors";
import { parseWith, readBodyBytes } from "@/lib/http/body";
import { route } from "@/lib/http/route";
import { cartAddSchema } from "@/lib/validation/cart";
import { cartFormOutcome } from "@/components/cart/form-outcome";
import { setCartNotice } from "@/components/cart/notice";

// "Add to cart" without JavaScript (components/cart/AddToCartForm.tsx): a form post, then a 303 to
// the cart page, which shows what was added or why not. With JavaScript the form calls
// POST /cart/items in place instead.

const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
const MAX_FORM_BYTES = 1024;

export const POST = route(async (request: Request) => {
  const media = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (media !== FORM_MEDIA_TYPE) throw new UnsupportedContentError(`Send the form as ${FORM_MEDIA_TYPE}.`);
  const form = new URLSearchParams((await readBodyBytes(request, MAX_FORM_BYTES)).toString("utf8"));
  const message = await cartFormOutcome(async () => {
    const { partId, quantity } = parseWith(cartAddSchema, { partId: form.get("partId") ?? undefined, quantity: form.get("quantity") ?? undefined });
    return (await addToCart(await cartOwnerOrNew(), partId.toLowerCase(), quantity)).message;
  });
  await setCartNotice(message);
  // A relative Location: the browser's own host, whatever name the server was reached by.
  return new NextResponse(null, { status: 303, headers: { Location: CART_PATH } });
});
