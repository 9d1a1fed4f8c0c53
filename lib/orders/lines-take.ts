import "server-only";
import { Types } from "mongoose";
import type { Outcome } from "@/lib/storage/batches";
import { ConflictError } from "@/lib/errors";
import { mailsRecorded } from "@/lib/mail/due";
import type { DueMail } from "@/models/due-mail";
import { type WantedLine, linesAsOrdered } from "@/lib/orders/order-lines";
import { newOrderNumbers } from "@/lib/orders/order-numbers";
import { placedMails } from "@/lib/orders/order-mails";
import { type NewOrder, type Placed, type StoredOrder, recordInListsAndTotals } from "@/lib/orders/placed-records";
import { PricesChangedError } from "@/lib/orders/placement-errors";
import { type LockedPart, type PartTake, ordersStored, partTake, settleTakeLocked, takeStockForOrdersLocked } from "@/lib/stock/part-stock";
import { sumOfPrices, toCents } from "@/lib/validation/orders";
import { Order, type DeliveryMethod, type PaymentMethod } from "@/models/Order";

// Taking orders of several parts' stock and storing the orders, every part's lock held.

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
    mailsDue: placedMails(),
  };
}

/** One accepted order of a round: its place among the requests and its document. */
type Accepted = { i: number; order: InstanceType<typeof Order>; lines: NewOrder["lines"] };

/**
 * Checks each order against the parts as read under their locks and the stock the orders before it
 * left, each all or nothing (its outcome set when refused); numbers the accepted ones.
 */
async function acceptedOrders(requests: NewOrderOf[], parts: Map<string, LockedPart | null>, outcomes: Outcome<Placed>[]): Promise<Accepted[]> {
  const left = new Map([...parts].map(([id, part]) => [id, part ? { ...part } : null]));
  const accepted: Accepted[] = [];
  for (const [i, input] of requests.entries()) {
    try {
      const doc = newOrder(input, left);
      // A field the order's schema refuses is refused before anything is taken.
      const order = new Order(doc);
      await order.validate();
      for (const line of doc.lines) left.get(String(line.partId))!.quantity -= line.quantity;
      accepted.push({ i, order, lines: doc.lines });
    } catch (error) {
      outcomes[i] = { error };
    }
  }
  const numbers = accepted.length > 0 ? await newOrderNumbers(accepted.length) : [];
  accepted.forEach(({ order, i }, n) => {
    order.number = numbers[n]!;
    // The customer quotes the order's number on a bank transfer.
    if (requests[i]!.paymentMethod === "bank-transfer") order.paymentReference = numbers[n]!;
  });
  return accepted;
}

/** Each part's stock write: its accepted orders' ids and units, for its journal. */
function takesOf(accepted: Accepted[], parts: Map<string, LockedPart | null>): PartTake[] {
  const byPart = new Map<string, { _id: Types.ObjectId; quantity: number }[]>();
  for (const { order, lines } of accepted) {
    for (const line of lines) {
      const id = String(line.partId);
      byPart.set(id, [...(byPart.get(id) ?? []), { _id: order._id, quantity: line.quantity }]);
    }
  }
  return [...byPart].map(([id, orders]) => partTake(parts.get(id)!, orders));
}

/**
 * Stores orders of several parts, every one of their parts' locks held: each order checked all or
 * nothing, then every accepted order's stock taken, one write per part journalling the orders it
 * fills (all sent at once), then one insert of every order. Anything failed before the orders are
 * stored gives back what was taken; a crash in between is settled by each part's next lock holder
 * or at start-up (lib/storage/stock-ledger.ts). Returns each request's outcome.
 */
export async function storeOrdersLocked(requests: NewOrderOf[], parts: Map<string, LockedPart | null>): Promise<Outcome<Placed>[]> {
  const outcomes: Outcome<Placed>[] = [];
  const accepted = await acceptedOrders(requests, parts, outcomes);
  if (accepted.length === 0) return outcomes;
  const refuse = (error: unknown) => accepted.forEach(({ i }) => (outcomes[i] = { error }));
  const takes = takesOf(accepted, parts);
  let taken: Awaited<ReturnType<typeof takeStockForOrdersLocked>>;
  try {
    taken = await takeStockForOrdersLocked(takes);
  } catch (error) {
    // Which writes were made is unknown: settle every part now (none of these orders is stored); if even that fails, the next lock holder settles it.
    await Promise.all(takes.map(settleTakeLocked)).catch(() => undefined);
    refuse(error);
    return outcomes;
  }
  const { at, missed } = taken;
  const giveBack = () => Promise.all(takes.filter((take) => !missed.has(take)).map(settleTakeLocked));
  if (missed.size > 0) {
    // A part read under its lock was written by someone who bypassed the lock: nothing of this round stays.
    await giveBack();
    refuse(new ConflictError("The stock of a part changed meanwhile; please try again."));
    return outcomes;
  }
  let stored: StoredOrder[];
  try {
    stored = (await Order.insertMany(accepted.map(({ order }) => order))).map((order) => order.toObject() as StoredOrder);
  } catch (error) {
    // Not stored, or not all, or not known to be: settle now (orders stored after all keep their stock); if even that fails, the next lock holder settles it.
    await giveBack().catch(() => undefined);
    refuse(error);
    return outcomes;
  }
  ordersStored(takes.map((take) => ({ take, at })));
  for (const { order } of accepted) mailsRecorded({ orderId: String(order._id) }, order.toObject<{ mailsDue?: DueMail[] }>().mailsDue ?? []);
  // insertMany answers in the order it was given.
  accepted.forEach(({ i }, n) => (outcomes[i] = { value: { order: stored[n]!, recorded: recordInListsAndTotals(stored[n]!) } }));
  return outcomes;
}
