"use server";

import { redirect } from "next/navigation";
import { removeCartLine, setCartLineQuantity } from "@/lib/cart/commands";
import { clearMergedCookie } from "@/lib/cart/cookies";
import { cartOwner } from "@/lib/cart/owner";
import { readCart } from "@/lib/cart/queries";
import { CART_PATH } from "@/lib/cache/cached-routes";
import { parseWith } from "@/lib/http/body";
import { cartLineChangeSchema } from "@/lib/validation/cart";
import { cartLineFormSchema } from "@/lib/validation/cart-forms";
import { cartFormOutcome } from "@/components/cart/form-outcome";
import { setCartNotice } from "@/components/cart/notice";

// The cart page's forms, with or without JavaScript. Each ends with a redirect to the cart page,
// so the page and its header's count are drawn afresh from the cookies the change has just set.
// The merge notices of a sign-in are forgotten at the first change: the customer has seen them.

const field = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

async function finish(message: string): Promise<never> {
  await setCartNotice(message);
  await clearMergedCookie();
  redirect(CART_PATH);
}

export async function changeCartQuantity(form: FormData): Promise<never> {
  const owner = await cartOwner();
  const message = await cartFormOutcome(async () => {
    const { partId } = parseWith(cartLineFormSchema, { partId: field(form, "partId") });
    const { quantity } = parseWith(cartLineChangeSchema, { quantity: field(form, "quantity") });
    if (!owner) return "Your cart is empty.";
    return (await setCartLineQuantity(owner, partId.toLowerCase(), quantity)).message;
  });
  return finish(message);
}

export async function removeFromCart(form: FormData): Promise<never> {
  const owner = await cartOwner();
  const message = await cartFormOutcome(async () => {
    const { partId } = parseWith(cartLineFormSchema, { partId: field(form, "partId") });
    if (!owner) return "Your cart is empty.";
    const id = partId.toLowerCase();
    const line = (await readCart(owner)).lines.find((held) => held.partId === id);
    await removeCartLine(owner, id);
    return line ? `Removed ${line.partsname} from your cart.` : "That part was not in your cart.";
  });
  return finish(message);
}
