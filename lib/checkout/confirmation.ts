import "server-only";
import { toOrderView, type OrderView } from "@/lib/orders/views";
import { connectDb } from "@/lib/storage/connect";
import { OBJECT_ID_PATTERN } from "@/lib/validation/common";
import { Order } from "@/models/Order";

/** An order of this account, by id; null for a malformed id, an unknown one or another account's. */
export async function ownOrder(email: string, orderId: string): Promise<OrderView | null> {
  if (!OBJECT_ID_PATTERN.test(orderId)) return null;
  await connectDb();
  const order = await Order.findById(orderId).lean();
  return order && order.email === email ? toOrderView(order) : null;
}
