import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { rebuildLists } from "@/lib/storage/ordered-index";
import { dayOf, orderDayChange, rebuildDayTotals } from "@/lib/orders/day-totals";
import { ALL_ORDERS, ORDER_LIST_PREFIX, ORDER_LISTS_LOCK, orderListChanges, statusList } from "@/lib/orders/order-lists";
import { IndexDirectory, type IndexKey } from "@/lib/storage/models/IndexChunk";
import { Order, ORDER_STATUSES, type OrderDoc } from "@/models/Order";
import type { OrderDayFields } from "@/models/OrderDay";

/**
 * Rebuilds the order lists and the day totals from the orders collection, for orders an operator
 * imported or restored straight into the database. Reads every order once: an operator's command,
 * never a request's. Orders placed while it runs may be missed: run it while the shop is quiet.
 */
export async function reindexOrders(): Promise<string> {
  await connectDb();
  const lists = new Map<string, IndexKey[]>([ALL_ORDERS, ...ORDER_STATUSES.map(statusList)].map((list) => [list, []]));
  const days = new Map<string, OrderDayFields>();
  let count = 0;
  const orders = Order.find({}, { email: 1, status: 1, total: 1, createdAt: 1 }).lean<(Pick<OrderDoc, "_id" | "email" | "status" | "total"> & { createdAt?: Date })[]>().cursor();
  for await (const order of orders) {
    count += 1;
    for (const { list, key } of orderListChanges(order, "add")) {
      const keys = lists.get(list) ?? [];
      keys.push(key);
      lists.set(list, keys);
    }
    if (order.status === "cancelled") continue;
    const day = dayOf(order.createdAt ?? new Date(0));
    const change = orderDayChange(order, 1);
    const totals = days.get(day) ?? { _id: day, orders: 0, revenueCents: 0 };
    days.set(day, { _id: day, orders: totals.orders + change.orders, revenueCents: totals.revenueCents + change.revenueCents });
  }
  // A customer whose orders are all gone keeps no list: theirs is emptied.
  const known = await IndexDirectory.find({}, { _id: 1 }).lean<{ _id: string }[]>();
  for (const { _id } of known) if (_id.startsWith(ORDER_LIST_PREFIX) && !lists.has(_id)) lists.set(_id, []);
  await rebuildLists(lists, undefined, ORDER_LISTS_LOCK);
  await rebuildDayTotals([...days.values()]);
  return `orders: ${count} orders in ${lists.size} lists, totals of ${days.size} days`;
}

/** Builds the order lists and day totals once for a database made before they existed: it has orders but no list. */
export async function reindexOrdersIfNeverIndexed(): Promise<string | null> {
  await connectDb();
  if ((await IndexDirectory.exists({ _id: ALL_ORDERS })) || !(await Order.exists({}))) return null;
  return reindexOrders();
}
