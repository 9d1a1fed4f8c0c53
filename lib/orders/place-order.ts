import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { logUnexpected } from "@/lib/storage/database-down";
import { LockBusyError } from "@/lib/storage/lock";
import { MAX_ORDERS_PER_PART, storeInRound } from "@/lib/orders/order-rounds";
import type { Placed } from "@/lib/orders/placed-records";
import type { PlaceOrder } from "@/lib/orders/stock-takes";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { PART_BUSY } from "@/lib/stock/part-stock";

// Placing a one-part order: Purchase Now and POST /orderd.

const inProgressByPart = new Map<string, number>();

/**
 * Places an order: checks minOrder <= quantity <= the lesser of stock and maxPerOrder, takes the
 * quantity out of stock and stores the order, under the part's stock lock, so concurrent orders can
 * never oversell; the orders that arrive together share one round of writes, whatever their parts
 * (lib/orders/order-rounds.ts). The price comes from the part, never from the client. Crash-safe
 * without transactions (see lib/storage/stock-ledger.ts). The reply waits until the order is in its
 * lists and its day's totals, written from the moment it is stored, without holding the lock: they
 * batch across parts.
 */
export async function placeOrder(input: PlaceOrder): Promise<OrderView> {
  await connectDb();
  // One spelling per part: the locks and the rounds are keyed by it.
  const partId = input.partId.toLowerCase();
  const inProgress = inProgressByPart.get(partId) ?? 0;
  if (inProgress >= MAX_ORDERS_PER_PART) throw new LockBusyError(PART_BUSY);
  inProgressByPart.set(partId, inProgress + 1);
  let placed: Placed;
  try {
    placed = await storeInRound("orders", { ...input, partId });
  } finally {
    const left = (inProgressByPart.get(partId) ?? 1) - 1;
    if (left > 0) inProgressByPart.set(partId, left);
    else inProgressByPart.delete(partId);
  }
  const { order, recorded } = placed;
  // Stored with its stock taken: the customer is told so even when listing it failed, or a retry
  // would order twice. Until `npm run reindex`, such an order is missing from the lists and totals.
  await recorded.catch((error: unknown) => logUnexpected(`[orders] order ${String(order._id)} stored but not listed`, error));
  return toOrderView(order);
}
