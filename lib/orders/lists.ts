import "server-only";
import { connectDb } from "@/lib/db/connect";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";

/** One page of a customer's orders, newest first. */
export async function listOrdersFor(email: string, { limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<OrderView[]> {
  await connectDb();
  const orders = await Order.find({ email }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<OrderDoc[]>();
  return orders.map(toOrderView);
}

export type OrderPage = { orders: OrderView[]; total: number; page: number; limit: number; pageCount: number };

/** Manage All Orders: every customer's orders, newest first, one page, optionally of one status. */
export async function listAllOrders({ status, page = 1, limit = 20 }: { status?: OrderStatus; page?: number; limit?: number }): Promise<OrderPage> {
  await connectDb();
  const filter = status ? { status } : {};
  const [orders, total] = await Promise.all([
    Order.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<OrderDoc[]>(),
    Order.countDocuments(filter),
  ]);
  return { orders: orders.map(toOrderView), total, page, limit, pageCount: Math.max(1, Math.ceil(total / limit)) };
}
