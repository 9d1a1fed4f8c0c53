import "server-only";
import { connectDb, trusted } from "@/lib/storage/connect";
import { ListsRebuild } from "@/lib/storage/ordered-lists";
import { dayOf, orderDayChange, rebuildDayTotals } from "@/lib/orders/day-totals";
import { ALL_ORDERS, ORDER_LIST_PREFIX, UNPAID_TRANSFERS, orderListChanges, statusList } from "@/lib/orders/order-lists";
import { Order, ORDER_STATUSES, type OrderDoc } from "@/models/Order";
import type { OrderDayFields } from "@/models/OrderDay";

/**
 * Rebuilds the order lists and the day totals from the orders collection, for orders an operator
 * imported or restored straight into the database. Reads every order once: an operator's command,
 * never a request's. Orders placed while it runs may be missed: run it while the shop is quiet.
 * Orders stored before payments existed are given theirs first (cash on delivery, paid once
 * delivered), so the revenue counts paid orders only, old ones included.
 */
export async function reindexOrders(): Promise<string> {
  await connectDb();
  const upgraded = await givePaymentsToOldOrders();
  const rebuild = new ListsRebuild();
  for (const list of [ALL_ORDERS, UNPAID_TRANSFERS, ...ORDER_STATUSES.map((status) => statusList(status))]) rebuild.include(list);
  const days = new Map<string, OrderDayFields>();
  let count = 0;
  type Indexed = Pick<OrderDoc, "_id" | "email" | "status" | "total" | "paymentMethod" | "paymentStatus"> & { createdAt?: Date };
  const orders = Order.find({}, { email: 1, status: 1, total: 1, createdAt: 1, paymentMethod: 1, paymentStatus: 1 }).lean<Indexed[]>().cursor();
  for await (const order of orders) {
    count += 1;
    rebuild.addChanges(orderListChanges(order, "add"));
    if (order.status === "cancelled") continue;
    const day = dayOf(order.createdAt ?? new Date(0));
    const change = orderDayChange(order, 1);
    const totals = days.get(day) ?? { _id: day, orders: 0, revenueCents: 0 };
    days.set(day, { _id: day, orders: totals.orders + change.orders, revenueCents: totals.revenueCents + change.revenueCents });
  }
  // A customer whose orders are all gone keeps no list: theirs is emptied.
  const emptied = await rebuild.write({ matches: (list) => list.startsWith(ORDER_LIST_PREFIX), then: "empty" });
  await rebuildDayTotals([...days.values()]);
  const payments = upgraded > 0 ? `, payments given to ${upgraded} older orders` : "";
  return `orders: ${count} orders in ${rebuild.names().length + emptied} lists, totals of ${days.size} days${payments}`;
}

/** How many older orders one write gives their payment: a write over a whole large collection outlasts the driver's socket timeout. */
const UPGRADE_BATCH = 1_000;

/** Orders stored before payments existed were paid in cash on delivery: paid if delivered, else not yet. How many were given that. */
async function givePaymentsToOldOrders(): Promise<number> {
  let upgraded = 0;
  for (;;) {
    const batch = await Order.find({ paymentStatus: trusted({ $exists: false }) }, { status: 1 }).limit(UPGRADE_BATCH).lean();
    if (batch.length === 0) return upgraded;
    const ids = (status: "delivered" | "other") => batch.filter((order) => (order.status === "delivered") === (status === "delivered")).map((order) => order._id);
    const delivered = await Order.updateMany({ _id: trusted({ $in: ids("delivered") }) }, { $set: { paymentMethod: "cash-on-delivery", paymentStatus: "paid" } });
    const others = await Order.updateMany({ _id: trusted({ $in: ids("other") }) }, { $set: { paymentMethod: "cash-on-delivery", paymentStatus: "unpaid" } });
    upgraded += delivered.modifiedCount + others.modifiedCount;
  }
}

/** Builds the order lists and day totals once for a database made before they existed: it has orders but no list. */
export async function reindexOrdersIfNeverIndexed(): Promise<string | null> {
  await connectDb();
  if ((await ALL_ORDERS.exists()) || !(await Order.exists({}))) return null;
  return reindexOrders();
}
