import "server-only";
import { toOrderView, type OrderView } from "@/lib/orders/views";
import { connectDb } from "@/lib/storage/connect";
import { Order } from "@/models/Order";

/**
 * The order this account placed with this checkout key, if any: one query on the key's index. The
 * email is part of the match, so another account's key finds nothing.
 */
export async function orderPlacedWith(email: string, idempotencyKey: string): Promise<OrderView | null> {
  await connectDb();
  const order = await Order.findOne({ idempotencyKey, email }).lean();
  return order ? toOrderView(order) : null;
}
