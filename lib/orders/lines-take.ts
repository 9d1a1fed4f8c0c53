import "server-only";
import { Types } from "mongoose";
import { ConflictError } from "@/lib/errors";
import { type WantedLine, linesAsOrdered } from "@/lib/orders/order-lines";
import { newOrderNumbers } from "@/lib/orders/order-numbers";
import { type NewOrder, type Placed, type StoredOrder, recordInListsAndTotals } from "@/lib/orders/placed-records";
import { PricesChangedError } from "@/lib/orders/placement-errors";
import { type LockedPart, ordersStored, partTake, settleTakeLocked, takeStockForOrdersLocked } from "@/lib/stock/part-stock";
import { sumOfPrices, toCents } from "@/lib/validation/orders";
import { Order, type DeliveryMethod, type PaymentMethod } from "@/models/Order";

// Taking an order of several parts' stock and storing the order, every part's lock held.

/** An order of several parts as placed: its lines merged (one per part, ids in lower case), its customer's email normalised. */
export type NewOrderOf = {
  email: string;
  name: string;
  phone: string;
  address: string;
  lines: WantedLine[];
  deliveryMethod: DeliveryMethod;
  priceDelivery: (subtotal: number) => { price: number; by: Date };
  paymentMethod: PaymentMethod;
  expectedTotal?: number;
  idempotencyKey?: string;
};

/** The order document of these lines, priced now; numbered once it may be placed. */
function newOrder(input: NewOrderOf, parts: Map<string, LockedPart | null>): Omit<NewOrder, "number"> {
  const lines = linesAsOrdered(input.lines, parts);
  const subtotal = sumOfPrices(lines.map((line) => line.total));
  const delivery = input.priceDelivery(subtotal);
  const total = sumOfPrices([subtotal, delivery.price]);
  if (input.expectedTotal !== undefined && toCents(input.expectedTotal) !== toCents(total)) throw new PricesChangedError(total);
  const [first] = lines;
  return {
    _id: new Types.ObjectId(),
    lines,
    partId: first!.partId,
    partsname: first!.partsname,
    unitPrice: first!.unitPrice,
    quantity: first!.quantity,
    subtotal,
    deliveryMethod: input.deliveryMethod,
    deliveryPrice: delivery.price,
    deliveryBy: delivery.by,
    total,
    paymentMethod: input.paymentMethod,
    paymentStatus: "unpaid",
    ...(input.idempotencyKey !== undefined ? { idempotencyKey: input.idempotencyKey } : {}),
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    status: "placed",
  };
}

/**
 * Checks the lines against the parts as read under their locks, then takes every line's stock, one
 * write per part naming the new order in the part's journal (all sent at once), then stores the
 * order. Anything refused or failed before the order is stored gives back what was taken, and a
 * crash in between is settled by each part's next lock holder or at start-up. Call holding every
 * line's part lock.
 */
export async function takeLinesLocked(input: NewOrderOf, parts: Map<string, LockedPart | null>): Promise<Placed> {
  const doc = newOrder(input, parts);
  const [number] = await newOrderNumbers(1);
  // The customer quotes the order's number on a bank transfer.
  const order = new Order({ ...doc, number, ...(input.paymentMethod === "bank-transfer" ? { paymentReference: number } : {}) });
  // Refused before anything is taken: a field the order's schema refuses.
  await order.validate();
  const takes = doc.lines.map((line) => partTake(parts.get(String(line.partId))!, [{ _id: doc._id, quantity: line.quantity }]));
  const { at, missed } = await takeStockForOrdersLocked(takes);
  const giveBack = () => Promise.all(takes.filter((take) => !missed.has(take)).map(settleTakeLocked));
  if (missed.size > 0) {
    // A part read under its lock was written by someone who bypassed the lock.
    await giveBack();
    throw new ConflictError("The stock of a part changed meanwhile; please try again.");
  }
  let stored: StoredOrder;
  try {
    stored = (await order.save({ validateBeforeSave: false })).toObject() as StoredOrder;
  } catch (error) {
    // Not stored, or not known to be: settle now (an order stored after all keeps its stock); if even that fails, the next lock holder settles it.
    await giveBack().catch(() => undefined);
    throw error;
  }
  ordersStored(takes.map((take) => ({ take, at })));
  return { order: stored, recorded: recordInListsAndTotals(stored) };
}
