import { Types } from "mongoose";
import { changeDayTotals, orderDayChange } from "@/lib/orders/day-totals";
import { changeOrderLists, orderListChanges } from "@/lib/orders/order-lists";
import { Order, type OrderDoc, type PaymentMethod } from "@/models/Order";
import { Part } from "@/models/Part";

// Orders of several lines, placed as checkout places them, for the tests of what follows placing.

export type Placed = OrderDoc & { createdAt: Date };

/**
 * An order of these parts and quantities placed as checkout places it: stock taken, the order
 * stored with its lines, its lists and its day's totals written.
 */
export async function placeLines(
  lines: [string, number][],
  {
    paymentMethod = "bank-transfer",
    createdAt = new Date(),
    delivery = 5,
    email = "lines@example.com",
  }: { paymentMethod?: PaymentMethod | "none, as before payments existed"; createdAt?: Date; delivery?: number; email?: string } = {},
): Promise<Placed> {
  const parts = await Promise.all(lines.map(([id]) => Part.findById(id).lean()));
  const orderLines = lines.map(([id, quantity], i) => ({ partId: new Types.ObjectId(id), partsname: parts[i]!.partsname, unitPrice: parts[i]!.price, quantity, total: parts[i]!.price * quantity }));
  for (const [id, quantity] of lines) await Part.updateOne({ _id: id }, { $inc: { quantity: -quantity } });
  const subtotal = orderLines.reduce((sum, line) => sum + line.total, 0);
  const first = orderLines[0]!;
  const doc = {
    lines: orderLines,
    partId: first.partId,
    partsname: first.partsname,
    unitPrice: first.unitPrice,
    quantity: first.quantity,
    subtotal,
    deliveryMethod: "standard" as const,
    deliveryPrice: delivery,
    total: subtotal + delivery,
    number: `AP-${Math.floor(Math.random() * 1e6)}`,
    ...(paymentMethod === "none, as before payments existed" ? {} : { paymentMethod, paymentStatus: "unpaid" as const }),
    ...(paymentMethod === "bank-transfer" ? { paymentReference: `REF-${Math.floor(Math.random() * 1e6)}` } : {}),
    name: "Lines Customer",
    email,
    phone: "555-0100",
    address: "1 Line Road",
    status: "placed" as const,
    createdAt,
    updatedAt: createdAt,
  };
  // Straight into the collection: the order keeps the creation time given.
  const { insertedId } = await Order.collection.insertOne(doc as never);
  const order = (await Order.findById(insertedId).lean<Placed>())!;
  await Promise.all([changeOrderLists(orderListChanges(order, "add")), changeDayTotals(order.createdAt, orderDayChange(order, 1))]);
  return order;
}
