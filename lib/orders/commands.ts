import "server-only";
import { stockChanged } from "@/lib/cache/tags";
import { connectDb } from "@/lib/storage/connect";
import { logUnexpected } from "@/lib/storage/database-down";
import { LockBusyError } from "@/lib/storage/lock";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { applyOrderChange, noteOrderChange, orderChange, orderChangeNotMade, unitsBack, withOrderChangeLock } from "@/lib/orders/order-changes";
import { MAX_ORDERS_PER_PART, type Placed, storeInRound } from "@/lib/orders/order-rounds";
import { NEXT_STATUSES, canMoveTo } from "@/lib/orders/statuses";
import type { PlaceOrder } from "@/lib/orders/stock-takes";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { PART_BUSY } from "@/lib/stock/part-stock";
import type { AccountView } from "@/lib/users/views";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";

// The orders' writes: placing one, moving it to a new status (a cancel among them), deleting it.

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

/**
 * Deletes an order and puts a still-open ("placed") order's quantity back in stock.
 * Its owner may delete it while it is "placed"; an admin may delete any order
 * (stock goes back only for a "placed" one: shipped goods are no longer on the shelf).
 */
export async function deleteOrder(orderId: string, actor: AccountView): Promise<{ deletedCount: number }> {
  await connectDb();
  const found = await Order.findById(orderId).lean<OrderDoc>();
  if (!found) throw new NotFoundError("There is no order with this id.");
  const isAdmin = actor.role === "admin";
  if (!isAdmin && found.email !== actor.email) throw new ForbiddenError("You can only delete your own orders.");
  return withOrderChangeLock(found.partId, async () => {
    // Read again under the lock: the status or the order itself may have changed meanwhile.
    // Gone meanwhile (a concurrent delete won): the same 404 as an order that never existed.
    const order = await Order.findById(orderId).lean<OrderDoc & { createdAt?: Date }>();
    if (!order) throw new NotFoundError("There is no order with this id.");
    if (!isAdmin && order.status !== "placed") {
      throw new ConflictError(`This order is ${order.status} and can no longer be deleted.`);
    }
    const change = orderChange(order, null);
    const token = await noteOrderChange(change);
    const { deletedCount } = await Order.deleteOne({ _id: order._id });
    if (deletedCount !== 1) {
      await orderChangeNotMade(change, token);
      throw new NotFoundError("There is no order with this id.");
    }
    await applyOrderChange(change, token);
    if (unitsBack(change) > 0) await stockChanged([String(order.partId)]);
    return { deletedCount };
  });
}

/**
 * Moves an order to a new status. The order is read again under its part's stock lock and the
 * write is conditional on the status it had, so two concurrent changes (two cancels, a cancel and
 * a customer's delete) cannot both act: cancelling puts the quantity back in stock exactly once.
 */
export async function changeOrderStatus(orderId: string, to: OrderStatus): Promise<OrderView> {
  await connectDb();
  const found = await Order.findById(orderId, { partId: 1 }).lean<Pick<OrderDoc, "_id" | "partId">>();
  if (!found) throw new NotFoundError("There is no order with this id.");
  return withOrderChangeLock(found.partId, async () => {
    const order = await Order.findById(orderId).lean<OrderDoc & { createdAt?: Date }>();
    if (!order) throw new NotFoundError("There is no order with this id.");
    const from = order.status;
    if (from === to) throw new ConflictError(`This order is already ${from}.`);
    if (!canMoveTo(from, to)) {
      const allowed = NEXT_STATUSES[from];
      throw new ConflictError(
        allowed.length === 0 ? `This order is ${from}; its status can no longer change.` : `A ${from} order can only become ${allowed.join(" or ")}, not ${to}.`,
      );
    }
    const change = orderChange(order, to);
    const token = await noteOrderChange(change);
    const { modifiedCount } = await Order.updateOne({ _id: order._id, status: from }, { $set: { status: to } });
    if (modifiedCount !== 1) {
      await orderChangeNotMade(change, token);
      throw new ConflictError("This order changed meanwhile; reload and try again.");
    }
    // Under the lock: the order's next change cannot start before its lists show this one.
    await applyOrderChange(change, token);
    if (unitsBack(change) > 0) await stockChanged([String(order.partId)]);
    return toOrderView({ ...order, status: to });
  });
}
