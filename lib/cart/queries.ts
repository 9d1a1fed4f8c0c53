import "server-only";
import { type CartOwner, cartIdOf } from "@/lib/cart/owners";
import { partsOfLines } from "@/lib/cart/parts";
import { storedLines } from "@/lib/cart/store";
import { type CartView, EMPTY_CART, cartViewOf } from "@/lib/cart/views";

/** The owner's cart with each part as it is now (price, stock, rules) and what each line must tell; no owner, an empty cart. */
export async function readCart(owner: CartOwner | null): Promise<CartView> {
  if (!owner) return EMPTY_CART;
  const lines = await storedLines(cartIdOf(owner));
  if (lines.length === 0) return EMPTY_CART;
  return cartViewOf(lines, await partsOfLines(lines));
}

/** The units in the owner's cart, from its document alone. */
export async function cartItemCount(owner: CartOwner | null): Promise<number> {
  if (!owner) return 0;
  return (await storedLines(cartIdOf(owner))).reduce((sum, line) => sum + line.quantity, 0);
}
