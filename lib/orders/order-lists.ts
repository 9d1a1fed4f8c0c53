import "server-only";
import { findEachById } from "@/lib/storage/each-by-id";
import type { Types } from "mongoose";
import { keepLists, type ListChange, type OrderedList, orderedList, orderedLists } from "@/lib/storage/ordered-lists";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";

// Every order is in three ordered lists (lib/storage/ordered-lists.ts), newest last: all orders, its
// status's, and its customer's. Manage All Orders, My Orders and GET /orders read a page of a list
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
/** Every order list's name starts so: reindexOrders finds the lists it must empty. */
export const ORDER_LIST_PREFIX = "orders:";

/** Applies changes to the order lists; resolves once they hold them. */
export const changeOrderLists = (changes: ListChange[]): Promise<void> => keepLists(changes);

type Listed = { _id: Types.ObjectId | string; email: string; status: OrderStatus; createdAt?: Date };

const orderEntry = (order: Listed) => ({ createdAt: (order.createdAt ?? new Date(0)).getTime(), id: String(order._id) });

/** The changes that put an order in its lists, or take it out of them. */
export function orderListChanges(order: Listed, op: ListChange["op"]): ListChange[] {
  const entry = orderEntry(order);
  return [ALL_ORDERS, statusList(order.status), customerList(order.email)].map((list) => list.change(entry, op));
}

/** The changes that move an order from its status's list to another's. */
export function statusMoveChanges(order: Listed, to: OrderStatus): ListChange[] {
  const entry = orderEntry(order);
  return [statusList(order.status).change(entry, "remove"), statusList(to).change(entry, "add")];
}

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
