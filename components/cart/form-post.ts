import "server-only";
import { NextResponse } from "next/server";
import { CART_PATH } from "@/lib/cache/cached-routes";
import { UnsupportedContentError } from "@/lib/errors";
import { readBodyBytes } from "@/lib/http/body";
import { cartFormOutcome } from "@/components/cart/form-outcome";
import { setCartNotice } from "@/components/cart/notice";

// The cart's plain HTML forms (add to cart, change a quantity, remove a line) post here and end
// on the cart page, which shows the server's message: with or without JavaScript, valid HTML
// (a server action's form has an empty action), and the page and its header's count are drawn
// afresh from the cookies the change has just set.

const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
const MAX_FORM_BYTES = 1024;

/** The form's fields as text; `undefined` for a missing one, so the schema names it. */
export type CartForm = (name: string) => string | undefined;

/** Reads the form, makes the change, notes its message (or why it was refused) and answers 303 to the cart page. */
export async function cartFormPost(request: Request, change: (field: CartForm) => Promise<string>): Promise<NextResponse> {
  const media = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (media !== FORM_MEDIA_TYPE) throw new UnsupportedContentError(`Send the form as ${FORM_MEDIA_TYPE}.`);
  const form = new URLSearchParams((await readBodyBytes(request, MAX_FORM_BYTES)).toString("utf8"));
  await setCartNotice(await cartFormOutcome(() => change((name) => form.get(name) ?? undefined)));
  // A relative Location: the browser's own host, whatever name the server was reached by.
  return new NextResponse(null, { status: 303, headers: { Location: CART_PATH } });
}
