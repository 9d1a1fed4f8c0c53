import "server-only";
import { findEachById } from "@/lib/storage/each-by-id";
import type { Types } from "mongoose";
import { keepLists, type ListChange, type OrderedList, orderedList, orderedLists } from "@/lib/storage/ordered-lists";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { Order, type OrderDoc, type OrderStatus, type PaymentMethod, type PaymentStatus } from "@/models/Order";

// Every order is in three ordered lists (lib/storage/ordered-lists.ts), newest last: all orders, its
// status's, and its customer's; an unpaid bank transfer also in the list the expiry job reads oldest first. Manage All Orders, My Orders and GET /orders read a page of a list
// and then each order of the page by its id: the cost follows the page, not the order history.

/** An order's place in its lists: its creation time, then its id. */
const ORDER_FIELDS = { createdAt: "number", id: "text" } as const;
/**
 * Every order list is written under this one lock: an order's three lists then cost one lock a turn
 * between them, not one each, and a customer's list, seldom written, is only read once a turn.
 */
export const ORDER_LISTS_LOCK = { lock: "lists:orders" };

export const ALL_ORDERS = orderedList("orders:all", ORDER_FIELDS, ORDER_LISTS_LOCK);
export const statusList = orderedLists((status: OrderStatus) => `orders:status:${status}`, ORDER_FIELDS, ORDER_LISTS_LOCK);
export const customerList = orderedLists((email: string) => `orders:customer:${email}`, ORDER_FIELDS, ORDER_LISTS_LOCK);
/** Bank transfers not paid yet and not cancelled, oldest first for the job that cancels them when too old. */
export const UNPAID_TRANSFERS = orderedList("orders:unpaid-transfers", ORDER_FIELDS, ORDER_LISTS_LOCK);
/** Every order list's name starts so: reindexOrders finds the lists it must empty. */
export const ORDER_LIST_PREFIX = "orders:";

/** Applies changes to the order lists; resolves once they hold them. */
export const changeOrderLists = (changes: ListChange[]): Promise<void> => keepLists(changes);

type Listed = {
  _id: Types.ObjectId | string;
  email: string;
  status: OrderStatus;
  createdAt?: Date;
  paymentMethod?: PaymentMethod | null;
  paymentStatus?: PaymentStatus | null;
};

/** Whether an order waits for a bank transfer: its money can still come, or the order expire. */
export const awaitsTransfer = (order: Pick<Listed, "status" | "paymentMethod" | "paymentStatus">): boolean =>
  order.paymentMethod === "bank-transfer" && order.paymentStatus === "unpaid" && order.status !== "cancelled";

const orderEntry = (order: Listed) => ({ createdAt: (order.createdAt ?? new Date(0)).getTime(), id: String(order._id) });

/** The changes that put an order in its lists, or take it out of them. */
export function orderListChanges(order: Listed, op: ListChange["op"]): ListChange[] {
  const entry = orderEntry(order);
  const lists = [ALL_ORDERS, statusList(order.status), customerList(order.email), ...(awaitsTransfer(order) ? [UNPAID_TRANSFERS] : [])];
  return lists.map((list) => list.change(entry, op));
}

/** The changes that move an order from its status's list to another's; a cancel also takes it off the unpaid transfers. */
export function statusMoveChanges(order: Listed, to: OrderStatus): ListChange[] {
  const entry = orderEntry(order);
  const moves = order.status === to ? [] : [statusList(order.status).change(entry, "remove"), statusList(to).change(entry, "add")];
  return awaitsTransfer(order) && !awaitsTransfer({ ...order, status: to }) ? [...moves, UNPAID_TRANSFERS.change(entry, "remove")] : moves;
}

/** The change that takes a bank transfer, now paid, off the unpaid transfers. */
export const paidChanges = (order: Listed): ListChange[] => [UNPAID_TRANSFERS.change(orderEntry(order), "remove")];

/**
 * `limit` orders of a list from `offset`, newest first, and how many the list holds. An order
 * deleted between the list read and its own read is left out of the page.
 */
export async function readOrderPage(list: OrderedList<typeof ORDER_FIELDS>, offset: number, limit: number, status?: OrderStatus): Promise<{ orders: OrderView[]; total: number }> {
  const { ids, total } = await list.idPage({ offset, limit, descending: true });
  // One read by id each, in parallel: the engine answers those from its _id index, unlike $in.
  const orders = await findEachById<OrderDoc & { createdAt?: Date }>(Order, ids);
  // A status page shows what the orders say now, should its list lag behind a change made on another server.
  return { orders: orders.filter((order) => !status || order.status === status).map(toOrderView), total };
}

/** The oldest unpaid bank transfers from `offset`, oldest first: their ids and when they were placed. */
export async function oldestUnpaidTransfers(offset: number, limit: number): Promise<{ id: string; createdAt: Date }[]> {
  const { entries } = await UNPAID_TRANSFERS.page({ offset, limit });
  return entries.map((entry) => ({ id: entry.id, createdAt: new Date(entry.createdAt) }));
}
