import "server-only";
import { stockChanged } from "@/lib/cache/tags";
import { connectDb } from "@/lib/storage/connect";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { type OrderChange, applyOrderChange, noteOrderChange, orderChange, orderChangeNotMade, partsOf, partsRestocked, putBackOf, withOrderChangeLocks } from "@/lib/orders/order-changes";
import { paidMail, statusMail, writeWithMail } from "@/lib/orders/order-mails";
import { awaitsTransfer } from "@/lib/orders/order-lists";
import { paidOnDelivery, paymentRefusal } from "@/lib/orders/payments";
import { NEXT_STATUSES, canMoveTo } from "@/lib/orders/statuses";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import type { AccountView } from "@/lib/users/views";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";

// The orders' changes once placed: moving one to a new status (a cancel among them), marking it
// paid, deleting it. Each holds the locks of every part the order holds, so two concurrent changes
// of one order (two cancels, a cancel and a delete) cannot both act, and a cancel puts every line's
// units back exactly once.

type LockedOrder = OrderDoc & { createdAt?: Date };
const MISSING = "There is no order with this id.";

/** Runs `work` on the order as read again under the locks of all its parts; 404 when it is gone. */
async function withOrderLocked<T>(orderId: string, work: (order: LockedOrder) => Promise<T>): Promise<T> {
  await connectDb();
  const found = await Order.findById(orderId).lean<LockedOrder>();
  if (!found) throw new NotFoundError(MISSING);
  return withOrderChangeLocks(
    partsOf(found).map((part) => part.partId),
    async () => {
      // Read again under the locks: the order may have changed or gone meanwhile (a concurrent delete won: the same 404).
      const order = await Order.findById(orderId).lean<LockedOrder>();
      if (!order) throw new NotFoundError(MISSING);
      return work(order);
    },
  );
}

/**
 * Notes the change, makes the order write (`write` says whether it matched), then brings the lists,
 * the day's totals and the stock in line; throws `notMade` when the write did not match.
 */
async function changeLocked(change: OrderChange, write: () => Promise<boolean>, notMade: Error): Promise<void> {
  const notes = await noteOrderChange(change);
  if (!(await write())) {
    await orderChangeNotMade(notes);
    throw notMade;
  }
  // Under the locks: the order's next change cannot start before its lists show this one.
  await applyOrderChange(change, notes);
  const restocked = partsRestocked(change);
  if (restocked.length > 0) await stockChanged(restocked);
}

const CHANGED_MEANWHILE = new ConflictError("This order changed meanwhile; reload and try again.");

/**
 * Deletes an order and puts a still-open ("placed") order's lines back in stock.
 * Its owner may delete it while it is "placed"; an admin may delete any order
 * (stock goes back only for a "placed" one: shipped goods are no longer on the shelf).
 */
export async function deleteOrder(orderId: string, actor: AccountView): Promise<{ deletedCount: number }> {
  const isAdmin = actor.role === "admin";
  return withOrderLocked(orderId, async (order) => {
    if (!isAdmin && order.email !== actor.email) throw new ForbiddenError("You can only delete your own orders.");
    if (!isAdmin && order.status !== "placed") throw new ConflictError(`This order is ${order.status} and can no longer be deleted.`);
    const write = async () => (await Order.deleteOne({ _id: order._id })).deletedCount === 1;
    await changeLocked(orderChange(order, null), write, new NotFoundError(MISSING));
    return { deletedCount: 1 };
  });
}

/** Moves a locked order to `to`; a cash-on-delivery order marked delivered is paid with it. */
async function moveLocked(order: LockedOrder, to: OrderStatus): Promise<OrderView> {
  const from = order.status;
  if (from === to) throw new ConflictError(`This order is already ${from}.`);
  if (!canMoveTo(from, to)) {
    const allowed = NEXT_STATUSES[from];
    throw new ConflictError(allowed.length === 0 ? `This order is ${from}; its status can no longer change.` : `A ${from} order can only become ${allowed.join(" or ")}, not ${to}.`);
  }
  const paid = paidOnDelivery(order, to);
  const set = { status: to, ...(paid ? { paymentStatus: "paid" as const, paidAt: new Date() } : {}) };
  const change = orderChange(order, to, paid);
  // A cash-on-delivery order paid as it is delivered gets the delivery's mail only.
  const mail = statusMail(to, putBackOf(change, order));
  await changeLocked(change, () => writeWithMail({ _id: order._id, status: from }, set, mail), CHANGED_MEANWHILE);
  return toOrderView({ ...order, ...set });
}

/**
 * Moves an order to a new status. The order is read again under its parts' stock locks and the
 * write is conditional on the status it had, so two concurrent changes (two cancels, a cancel and
 * a customer's delete) cannot both act: cancelling puts every line's units back exactly once.
 */
export function changeOrderStatus(orderId: string, to: OrderStatus): Promise<OrderView> {
  return withOrderLocked(orderId, (order) => moveLocked(order, to));
}

/** An admin marks a bank transfer paid: its day's revenue gains its total, and it leaves the unpaid transfers. */
export function markOrderPaid(orderId: string): Promise<OrderView> {
  return withOrderLocked(orderId, async (order) => {
    const refusal = paymentRefusal(order);
    if (refusal) throw new ConflictError(refusal);
    const set = { paymentStatus: "paid" as const, paidAt: new Date() };
    const write = () => writeWithMail({ _id: order._id, status: order.status, paymentStatus: "unpaid" }, set, paidMail());
    await changeLocked(orderChange(order, order.status, true), write, CHANGED_MEANWHILE);
    return toOrderView({ ...order, ...set });
  });
}

/**
 * Cancels an unpaid bank transfer placed before `placedBefore`, putting its lines back in stock;
 * whether it did. Checked again under its locks: one paid or cancelled meanwhile is left alone.
 */
export async function cancelUnpaidTransfer(orderId: string, placedBefore: Date): Promise<boolean> {
  try {
    return await withOrderLocked(orderId, async (order) => {
      if (!awaitsTransfer(order) || !order.createdAt || order.createdAt >= placedBefore) return false;
      await moveLocked(order, "cancelled");
      return true;
    });
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}
