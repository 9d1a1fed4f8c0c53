import "server-only";
import { findEachById } from "@/lib/storage/each-by-id";
import type { Types } from "mongoose";
import { changeLists, encodeKey, keyId, type ListChange, readList, type SharedLock } from "@/lib/storage/ordered-index";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";

// Every order is in three ordered lists (lib/storage/ordered-index.ts), newest last: all orders, its
// status's, and its customer's. Manage All Orders, My Orders and GET /orders read a page of a list
// and then each order of the page by its id: the cost follows the page, not the order history.

export const ALL_ORDERS = "orders:all";
export const statusList = (status: OrderStatus): string => `orders:status:${status}`;
export const customerList = (email: string): string => `orders:customer:${email}`;
/** Every order list's name starts so: reindexOrders finds the lists it must empty. */
export const ORDER_LIST_PREFIX = "orders:";
/**
 * Every order list is written under this one lock: an order's three lists then cost one lock a turn
 * between them, not one each, and a customer's list, seldom written, is only read once a turn.
 */
export const ORDER_LISTS_LOCK: SharedLock = { lock: "lists:orders" };

/** Applies changes to the order lists; resolves once they hold them. */
export const changeOrderLists = (changes: ListChange[]): Promise<void> => changeLists(changes, ORDER_LISTS_LOCK);

type Listed = { _id: Types.ObjectId | string; email: string; status: OrderStatus; createdAt?: Date };

/** An order's key in its lists: its creation time, then its id. */
const orderKey = (order: Listed) => encodeKey((order.createdAt ?? new Date(0)).getTime(), String(order._id));

/** The changes that put an order in its lists, or take it out of them. */
export function orderListChanges(order: Listed, op: ListChange["op"]): ListChange[] {
  const key = orderKey(order);
  return [ALL_ORDERS, statusList(order.status), customerList(order.email)].map((list) => ({ list, key, op }));
}

/** The changes that move an order from its status's list to another's. */
export function statusMoveChanges(order: Listed, to: OrderStatus): ListChange[] {
  const key = orderKey(order);
  return [
    { list: statusList(order.status), key, op: "remove" },
    { list: statusList(to), key, op: "add" },
  ];
}

/**
 * `limit` orders of a list from `offset`, newest first, and how many the list holds. An order
 * deleted between the list read and its own read is left out of the page.
 */
export async function readOrderPage(list: string, offset: number, limit: number, status?: OrderStatus): Promise<{ orders: OrderView[]; total: number }> {
  const { keys, total } = await readList(list, { offset, limit, descending: true });
  // One read by id each, in parallel: the engine answers those from its _id index, unlike $in.
  const orders = await findEachById<OrderDoc & { createdAt?: Date }>(Order, keys.map(keyId));
  // A status page shows what the orders say now, should its list lag behind a change made on another server.
  return { orders: orders.filter((order) => !status || order.status === status).map(toOrderView), total };
}
