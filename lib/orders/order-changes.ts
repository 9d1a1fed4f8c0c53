import "server-only";
import type { Types } from "mongoose";
import { writeJournal } from "@/lib/storage/list-journal";
import { changeDayTotalsOnce, forgetDayChange, orderDayChange } from "@/lib/orders/day-totals";
import { changeOrderLists, orderListChanges, statusMoveChanges } from "@/lib/orders/order-lists";
import { returnStockOnceLocked, withPartLock } from "@/lib/stock/part-stock";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";

// A cancel, a delete or a status move writes the order, then its lists, its day's totals and the
// stock it puts back: not one write here (no transactions). So under the part's lock the change is
// noted first (lib/storage/list-journal.ts, one note per part), and the day's totals and the part's stock
// record the note's token in the same write as their change. A change cut short is completed by the
// part's next cancel, delete or status move, or at start-up: from the order as it is, each once.

/** The changes in progress, one note per part. */
export const orderChanges = writeJournal<OrderChange>("order-change:", completeCutShortChange);
const thing = (partId: Types.ObjectId | string) => String(partId).toLowerCase();

type ChangedOrder = OrderDoc & { createdAt?: Date };

/** What a change notes before the order is written: the order as it was, and its status after (null: deleted). */
export type OrderChange = {
  order: string;
  partId: string;
  email: string;
  status: OrderStatus;
  createdAt: Date;
  total: number;
  quantity: number;
  to: OrderStatus | null;
};

export function orderChange(order: ChangedOrder, to: OrderStatus | null): OrderChange {
  return {
    order: String(order._id),
    partId: String(order.partId),
    email: order.email,
    status: order.status,
    createdAt: order.createdAt ?? new Date(0),
    total: order.total,
    quantity: order.quantity,
    to,
  };
}

/** Units the change puts back on the shelf: a cancel's, or a deleted order's still placed (shipped goods are gone). */
export const unitsBack = (change: OrderChange): number => (change.to === "cancelled" || (change.to === null && change.status === "placed") ? change.quantity : 0);

/** Whether the change takes the order out of its day's totals: a cancel, or deleting one not cancelled. */
const leavesDay = (change: OrderChange): boolean => change.to === "cancelled" || (change.to === null && change.status !== "cancelled");

const listed = (change: OrderChange) => ({ _id: change.order, email: change.email, status: change.status, createdAt: change.createdAt });

/** Notes a change before its order is written; call inside withOrderChangeLock. The token for applyOrderChange. */
export const noteOrderChange = async (change: OrderChange): Promise<string> => (await orderChanges.begin(thing(change.partId), change)).token;

/** A change noted whose order write was not made: its note goes. */
export const orderChangeNotMade = (change: OrderChange, token: string): Promise<void> => orderChanges.end(thing(change.partId), token);

/**
 * Brings the lists, the day's totals and the stock in line with a change whose order is written,
 * then removes its note. `completing`: a change cut short, whose totals and stock may hold it already.
 */
export async function applyOrderChange(change: OrderChange, token: string, completing = false): Promise<void> {
  const marked = { partId: change.partId.toLowerCase(), token, completing };
  await Promise.all([
    changeOrderLists(change.to === null ? orderListChanges(listed(change), "remove") : statusMoveChanges(listed(change), change.to)),
    leavesDay(change) ? changeDayTotalsOnce(change.createdAt, orderDayChange(change, -1), marked) : undefined,
  ]);
  const units = unitsBack(change);
  if (units > 0) await returnStockOnceLocked(change.partId, units, { token, completing });
  await orderChanges.end(thing(change.partId), token);
  if (leavesDay(change)) await forgetDayChange(change.createdAt, marked.partId, token);
}

/** Completes a change noted on this part and cut short: its order written or not, from the order as it is. Called holding the part's lock. */
async function completeCutShortChange(partId: string, change: OrderChange, token: string): Promise<void> {
  const order = await Order.findById(change.order, { status: 1 }).lean<{ status: OrderStatus }>();
  const written = change.to === null ? !order : order?.status === change.to;
  if (!written) return orderChangeNotMade(change, token);
  await applyOrderChange(change, token, true);
  console.warn(`[orders] completed the lists, totals and stock of order ${change.order}, whose change was cut short`);
}

/** Runs `work` holding the part's stock lock, once a change of its orders cut short is completed. */
export function withOrderChangeLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  return withPartLock(partId, async () => {
    await orderChanges.completeCutShort(thing(partId));
    return work();
  });
}

/** At start-up: completes the change noted on this part. */
export const completeOrderChange = (partId: string): Promise<void> => withOrderChangeLock(partId, async () => undefined);
