import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { dayOf, readDayTotals } from "@/lib/orders/day-totals";
import { ALL_ORDERS, customerList, readOrderPage, statusList } from "@/lib/orders/order-lists";
import { type OrderView, type OrdersSummary, toOrderView } from "@/lib/orders/views";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import { NotFoundError } from "@/lib/errors";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";

// The orders' reads: one order, a customer's orders, every order by status, and the revenue by day.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Orders and revenue of the last `days` days (today included, UTC days), cancelled orders left out,
 * with one entry per day, oldest first: one stored document per day, read by its id.
 */
export async function ordersSummary(days = 30, now = new Date()): Promise<OrdersSummary> {
  await connectDb();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const totals = await readDayTotals(Array.from({ length: days }, (_, i) => dayOf(new Date(since.getTime() + i * DAY_MS))));
  const cents = totals.reduce((sum, day) => sum + day.revenueCents, 0);
  return {
    since: since.toISOString(),
    orders: totals.reduce((sum, day) => sum + day.orders, 0),
    revenue: cents / 100,
    days: totals.map((day) => ({ day: day._id, orders: day.orders, revenue: day.revenueCents / 100 })),
  };
}
/**
 * A customer with at most this many orders has them all read in one query by email (indexed) and
 * sorted here: one command instead of one read by id per order of the page. Beyond it, the page of
 * their list is read, so the cost stays bounded whatever one customer's history.
 */
export const ONE_QUERY_ORDERS = 200;

const newestFirst = (a: ListedOrder, b: ListedOrder) => b.createdAt.getTime() - a.createdAt.getTime() || (String(b._id) < String(a._id) ? -1 : 1);
type ListedOrder = OrderDoc & { createdAt: Date };

/** One page of a customer's orders, newest first. */
export async function listOrdersFor(email: string, { limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<OrderView[]> {
  await connectDb();
  if ((await customerList(email).size()) <= ONE_QUERY_ORDERS) {
    // The list may lag a write made elsewhere: the limit keeps the read bounded all the same.
    const orders = await Order.find({ email }).limit(ONE_QUERY_ORDERS + 1).lean<ListedOrder[]>();
    if (orders.length <= ONE_QUERY_ORDERS) return orders.sort(newestFirst).slice(skip, skip + limit).map(toOrderView);
  }
  return (await readOrderPage(customerList(email), skip, limit)).orders;
}

export type OrderPage = { orders: OrderView[]; total: number; page: number; limit: number; pageCount: number };

/** Manage All Orders: every customer's orders, newest first, one page, optionally of one status. */
export async function listAllOrders({ status, page = 1, limit = 20 }: { status?: OrderStatus; page?: number; limit?: number }): Promise<OrderPage> {
  await connectDb();
  const { orders, total } = await readOrderPage(status ? statusList(status) : ALL_ORDERS, (page - 1) * limit, limit, status);
  return { orders, total, page, limit, pageCount: Math.max(1, Math.ceil(total / limit)) };
}

/** One order, for its owner or an admin; anyone else gets the same 404 as for an order that does not exist. */
export async function readOrderFor(orderId: string, reader: { email: string; role: string }): Promise<OrderView> {
  await connectDb();
  const order = await Order.findById(orderId).lean<ListedOrder>();
  if (!order || (reader.role !== "admin" && order.email !== reader.email)) throw new NotFoundError("There is no order with this id.");
  return toOrderView(order);
}
