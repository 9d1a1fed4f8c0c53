import "server-only";
import { stockChanged } from "@/lib/cache/tags";
import { connectDb } from "@/lib/storage/connect";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { applyOrderChange, noteOrderChange, orderChange, orderChangeNotMade, unitsBack, withOrderChangeLock } from "@/lib/orders/order-changes";
import { NEXT_STATUSES, canMoveTo } from "@/lib/orders/statuses";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import type { AccountView } from "@/lib/users/views";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";

// The orders' changes once placed: moving one to a new status (a cancel among them), deleting it.

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
