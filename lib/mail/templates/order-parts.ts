import "server-only";
import { isValidObjectId } from "mongoose";
import { connectDb } from "@/lib/storage/connect";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { absoluteUrl } from "@/lib/site/site";
import { formatPrice } from "@/lib/site/format";
import type { QueuedMail } from "@/lib/mail/compose-types";
import type { Block } from "@/lib/mail/templates/layout";
import { Order, type OrderDoc } from "@/models/Order";

// What every order mail reads and shows: the order as the pages show it (older one-line orders
// included), its lines, and the link to its page.

/** The mail's order as it is now; null when it is gone (deleted since the mail was recorded). */
export async function orderOf(mail: QueuedMail): Promise<OrderView | null> {
  if (!mail.orderId || !isValidObjectId(mail.orderId)) return null;
  await connectDb();
  const order = await Order.findById(mail.orderId).lean<OrderDoc & { createdAt: Date }>();
  return order ? toOrderView(order) : null;
}

export const greetingFor = (order: OrderView) => `Hello ${order.name},`;

/** The customer's page of the order: where its status, payment and lines are shown. */
export const orderLink = (order: OrderView): Block => ({ kind: "link", label: "View your order", url: absoluteUrl(`/dashboard/my-orders/${order._id}`) });

/** Every line: part, quantity, unit price, line total. */
export const linesTable = (order: OrderView): Block => ({
  kind: "table",
  head: ["Part", "Quantity", "Unit price", "Total"],
  rows: order.lines.map((line) => [line.partsname, String(line.quantity), formatPrice(line.unitPrice), formatPrice(line.total)]),
  textRow: ([part, quantity, unitPrice, total]) => `${part}: ${quantity} × ${unitPrice} = ${total}`,
});

/** A short summary for the mails after the confirmation: the lines and what was paid or is due. */
export const orderSummary = (order: OrderView): Block[] => [
  { kind: "heading", text: `Order ${order.number}` },
  linesTable(order),
  { kind: "facts", rows: [["Total", formatPrice(order.total)]] },
];
