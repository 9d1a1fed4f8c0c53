import "server-only";
import type { PartsReader } from "@/lib/catalogue/queries";
import { type CartOwner, cartIdOf } from "@/lib/cart/owners";
import { partsOfLines } from "@/lib/cart/parts";
import { storedLines } from "@/lib/cart/store";
import { type CartView, EMPTY_CART, cartViewOf } from "@/lib/cart/views";

/**
 * The owner's cart with each part (price, stock, rules) and what each line must tell; no owner, an
 * empty cart. The parts as they are now, unless `readParts` reads them otherwise (lib/cart/parts.ts).
 */
export async function readCart(owner: CartOwner | null, readParts?: PartsReader): Promise<CartView> {
  if (!owner) return EMPTY_CART;
  const lines = await storedLines(cartIdOf(owner));
  if (lines.length === 0) return EMPTY_CART;
  return cartViewOf(lines, await partsOfLines(lines, readParts));
}

/** The units in the owner's cart, from its document alone. */
export async function cartItemCount(owner: CartOwner | null): Promise<number> {
  if (!owner) return 0;
  return (await storedLines(cartIdOf(owner))).reduce((sum, line) => sum + line.quantity, 0);
}
