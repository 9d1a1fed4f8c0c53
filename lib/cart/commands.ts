import "server-only";
import { findPart } from "@/lib/catalogue/queries";
import { setCountCookie, setVisitorCookie } from "@/lib/cart/cookies";
import { type CartOwner, cartIdOf } from "@/lib/cart/owners";
import { MAX_CART_LINES } from "@/lib/validation/cart";
import { cartItemCount, readCart } from "@/lib/cart/queries";
import { clampQuantity, orderable, unorderableMessage } from "@/lib/cart/rules";
import { changeCart, dropCart } from "@/lib/cart/store";
import type { CartView } from "@/lib/cart/views";
import { ConflictError, NotFoundError } from "@/lib/errors";
import type { CartLineFields } from "@/models/Cart";

// The cart's changes, from route handlers and server actions: each keeps the header's count cookie
// in step and answers with the cart as it now is.

const NO_SUCH_PART = "No part with this id.";
const NOT_IN_CART = "This part is not in your cart.";
const CART_FULL = `Your cart holds at most ${MAX_CART_LINES} different parts: remove one to add another.`;

/** The cart after a change, with the count cookie set to it; a visitor's cookie lasts 30 days from the last change, as the cart does. */
async function changed(owner: CartOwner): Promise<CartView> {
  const cart = await readCart(owner);
  await setCountCookie(cart.itemCount);
  if ("visitorId" in owner && cart.lines.length > 0) await setVisitorCookie(owner.visitorId);
  return cart;
}

const withLine = (lines: CartLineFields[], line: CartLineFields): CartLineFields[] =>
  lines.some((l) => l.partId === line.partId) ? lines.map((l) => (l.partId === line.partId ? line : l)) : [...lines, line];

/** Adds `quantity` of a part (to its line if there is one), clamped to the part's rules; the message says what the cart now holds. */
export async function addToCart(owner: CartOwner, partId: string, quantity: number): Promise<{ cart: CartView; message: string }> {
  const part = await findPart(partId);
  if (!part) throw new NotFoundError(NO_SUCH_PART);
  if (!orderable(part)) throw new ConflictError(unorderableMessage(part));
  const message = await changeCart(cartIdOf(owner), async (lines) => {
    const held = lines.find((line) => line.partId === partId);
    if (!held && lines.length >= MAX_CART_LINES) throw new ConflictError(CART_FULL);
    const { quantity: holds, clamped } = clampQuantity(part, (held?.quantity ?? 0) + quantity);
    // The customer saw today's price when adding: a price change is told from here on.
    const line = { partId, partsname: part.partsname, quantity: holds, priceWhenAdded: part.price };
    const said = held ? `Your cart holds ${holds} of ${part.partsname}.` : `Added ${holds} × ${part.partsname} to your cart.`;
    return { lines: withLine(lines, line), answer: clamped ?? said };
  });
  return { cart: await changed(owner), message };
}

/** Sets a line's quantity, clamped to the part's rules; 0 removes the line. */
export async function setCartLineQuantity(owner: CartOwner, partId: string, quantity: number): Promise<{ cart: CartView; message: string }> {
  if (quantity === 0) return { cart: await removeCartLine(owner, partId), message: "Removed from your cart." };
  const part = await findPart(partId);
  const message = await changeCart(cartIdOf(owner), async (lines) => {
    const held = lines.find((line) => line.partId === partId);
    if (!held) throw new NotFoundError(NOT_IN_CART);
    if (!part) throw new ConflictError(`${held.partsname} is no longer sold: remove it from your cart.`);
    if (!orderable(part)) throw new ConflictError(unorderableMessage(part));
    const { quantity: holds, clamped } = clampQuantity(part, quantity);
    return { lines: withLine(lines, { ...held, partsname: part.partsname, quantity: holds }), answer: clamped ?? `Your cart holds ${holds} of ${part.partsname}.` };
  });
  return { cart: await changed(owner), message };
}

/** Removes a part's line; removing one that is not there changes nothing. */
export async function removeCartLine(owner: CartOwner, partId: string): Promise<CartView> {
  await changeCart(cartIdOf(owner), async (lines) => ({ lines: lines.filter((line) => line.partId !== partId), answer: undefined }));
  return changed(owner);
}

export async function emptyCart(owner: CartOwner): Promise<void> {
  await dropCart(cartIdOf(owner));
  await setCountCookie(0);
}

/**
 * After an order is placed from the cart: the ordered parts' lines leave the cart (all of it when
 * `orderedPartIds` is left out), and the header's count follows. A line added meanwhile in another tab stays.
 */
export async function afterCheckout(owner: CartOwner, orderedPartIds?: readonly string[]): Promise<void> {
  if (!orderedPartIds) return emptyCart(owner);
  const ordered = new Set(orderedPartIds);
  await changeCart(cartIdOf(owner), async (lines) => ({ lines: lines.filter((line) => !ordered.has(line.partId)), answer: undefined }));
  await setCountCookie(await cartItemCount(owner));
}
