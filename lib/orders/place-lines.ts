import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { logUnexpected } from "@/lib/storage/database-down";
import { withLock } from "@/lib/storage/lock";
import { InvalidInputError } from "@/lib/errors";
import { mergedLines } from "@/lib/orders/order-lines";
import type { NewOrderOf } from "@/lib/orders/lines-take";
import { storeOrderOfLines } from "@/lib/orders/line-rounds";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { normaliseEmail } from "@/lib/validation/auth";
import { idempotencyKeySchema, orderLinesSchema } from "@/lib/validation/orders";
import type { z } from "@/lib/validation/zod";
import { Order, type DeliveryMethod, type OrderDoc, type PaymentMethod } from "@/models/Order";

// Placing an order of several parts, all or nothing: every line's stock is taken or none is.

export type PlaceLines = {
  email: string;
  name: string;
  phone: string;
  address: string;
  /** 1 to 50 lines; the same part on two lines is summed into one line. */
  lines: { partId: string; quantity: number }[];
  deliveryMethod: DeliveryMethod;
  /** The delivery's price and promised date for the lines' subtotal as priced at the moment of placing. */
  priceDelivery: (subtotal: number) => { price: number; by: Date };
  paymentMethod: PaymentMethod;
  /** The total the customer reviewed: when the total now differs, PricesChangedError and nothing is taken. */
  expectedTotal?: number;
  /** The same customer's same key again (a retry, a double click, a second tab) gets the order placed with it. */
  idempotencyKey?: string;
};

const ATTEMPT_BUSY = "This order is being placed already; please try again in a moment.";

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidInputError(result.error.issues[0]?.message ?? "Invalid order");
  return result.data;
}

/**
 * Places an order of several parts. Every part's stock lock is held at once, shared with the
 * orders arriving together (lib/orders/line-rounds.ts): each part is read under its lock, every
 * line checked (ShortLinesError names every short line), the prices are the parts' own at that moment, and the stock of every line is
 * taken with the order's id journalled on each part before the order is stored, so a crash at any
 * instant leaves no partial take once settled (lib/storage/stock-ledger.ts). With an idempotency key
 * the attempt runs under a lock of its own, and a stored order of the same customer and key is
 * returned instead (`replayed`). The reply waits until the order is in its lists and day's totals.
 */
export async function placeOrderLines(input: PlaceLines): Promise<{ order: OrderView; replayed: boolean }> {
  await connectDb();
  const lines = mergedLines(parsed(orderLinesSchema, input.lines));
  const email = normaliseEmail(input.email);
  const placing = { ...input, email, lines };
  if (input.idempotencyKey === undefined) return { order: await placeNow(placing), replayed: false };
  const key = parsed(idempotencyKeySchema, input.idempotencyKey);
  // The order's id is never derived from the key: a losing attempt's journal entries must name an
  // order that is never stored, or their units would not come back.
  return withLock(`order-attempt:${email}:${key}`, ATTEMPT_BUSY, async () => {
    const placed = await Order.findOne({ idempotencyKey: key, email }).lean<OrderDoc & { createdAt: Date }>();
    if (placed) return { order: toOrderView(placed), replayed: true };
    return { order: await placeNow({ ...placing, idempotencyKey: key }), replayed: false };
  });
}

async function placeNow(input: NewOrderOf): Promise<OrderView> {
  const { order, recorded } = await storeOrderOfLines(input);
  // Stored with its stock taken: the customer is told so even when listing it failed, or a retry
  // would order twice. Until `npm run reindex`, such an order is missing from the lists and totals.
  await recorded.catch((error: unknown) => logUnexpected(`[orders] order ${String(order._id)} stored but not listed`, error));
  return toOrderView(order);
}
