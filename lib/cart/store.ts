import "server-only";
import { keepForgetting, forgetAfterDayOf } from "@/lib/cart/forgetting";
import { CART_BUSY, cartLockOf } from "@/lib/cart/owners";
import { connectDb } from "@/lib/storage/connect";
import { withLock } from "@/lib/storage/lock";
import { Cart, type CartLineFields } from "@/models/Cart";

// A cart's document: read by its `_id`, changed only under its lock, and each change moves the day
// it will be forgotten on. An empty cart is no document at all.

/** The cart's lines; none when it has no document. */
export async function storedLines(cartId: string): Promise<CartLineFields[]> {
  await connectDb();
  const cart = await Cart.findById(cartId, { lines: 1 }).lean();
  return cart?.lines ?? [];
}

/**
 * Changes a cart: `change` gets its lines as stored and returns the lines to store (and an answer),
 * all under the cart's lock, so two changes at once never lose one.
 */
export async function changeCart<T>(cartId: string, change: (lines: CartLineFields[]) => Promise<{ lines: CartLineFields[]; answer: T }>): Promise<T> {
  return withLock(cartLockOf(cartId), CART_BUSY, async () => {
    const { lines, answer } = await change(await storedLines(cartId));
    if (lines.length === 0) await Cart.deleteOne({ _id: cartId });
    else {
      const now = Date.now();
      await Cart.updateOne({ _id: cartId }, { $set: { lines, touchedAt: new Date(now), forgetAfterDay: forgetAfterDayOf(now) } }, { upsert: true });
      keepForgetting();
    }
    return answer;
  });
}

/** Forgets a cart whole. */
export async function dropCart(cartId: string): Promise<void> {
  await withLock(cartLockOf(cartId), CART_BUSY, async () => {
    await Cart.deleteOne({ _id: cartId });
  });
}
