import "server-only";
import { connectDb } from "@/lib/db/connect";
import { ALL_ORDERS, customerList, readOrderPage, statusList } from "@/lib/orders/order-lists";
import type { OrderView } from "@/lib/orders/views";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import type { OrderStatus } from "@/models/Order";

/** One page of a customer's orders, newest first. */
export async function listOrdersFor(email: string, { limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<OrderView[]> {
  await connectDb();
  return (await readOrderPage(customerList(email), skip, limit)).orders;
}

export type OrderPage = { orders: OrderView[]; total: number; page: number; limit: number; pageCount: number };

/** Manage All Orders: every customer's orders, newest first, one page, optionally of one status. */
export async function listAllOrders({ status, page = 1, limit = 20 }: { status?: OrderStatus; page?: number; limit?: number }): Promise<OrderPage> {
  await connectDb();
  const { orders, total } = await readOrderPage(status ? statusList(status) : ALL_ORDERS, (page - 1) * limit, limit, status);
  return { orders, total, page, limit, pageCount: Math.max(1, Math.ceil(total / limit)) };
}
