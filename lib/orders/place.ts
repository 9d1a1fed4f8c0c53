import "server-only";
import { Types } from "mongoose";
import { stockChanged } from "@/lib/cache/tags";
import { batchesByKey, type Outcome } from "@/lib/db/batches";
import { connectDb } from "@/lib/db/connect";
import { logUnexpected } from "@/lib/db/database-down";
import { LockBusyError } from "@/lib/db/lock";
import { changeLists } from "@/lib/db/ordered-index";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { changeDayTotals, orderDayChange } from "@/lib/orders/day-totals";
import { orderListChanges } from "@/lib/orders/order-lists";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { type JournalEntry, type LockedPart, PART_BUSY, forgetStoredOrdersLocked, settleJournalLocked, takeStockForOrdersLocked, withLockedPart } from "@/lib/stock/part-lock";
import { orderTotal, quantityRangeMessage, toCents } from "@/lib/validation/orders";
import { largestOrder, maxPerOrderOf } from "@/lib/validation/parts";
import { Order, type OrderDoc } from "@/models/Order";
import { Part } from "@/models/Part";

export type PlaceOrder = { partId: string; quantity: number; name: string; email: string; phone: string; address: string };

type StoredOrder = OrderDoc & { createdAt: Date };
/** A stored order, and the writes that put it in its lists and its day's totals. */
type Placed = { order: StoredOrder; recorded: Promise<unknown> };

/** Orders of one part in progress in one server process; past this a caller is told to try again (503). */
export const MAX_ORDERS_PER_PART = 100;

/**
 * Throws the reason `quantity` of this part cannot be ordered from the `left` units, if any: not in
 * the catalogue (404), outside minOrder..maxPerOrder (400), more than the stock (409), or no price
 * to charge (409).
 */
function refuseUnfillable(part: LockedPart | null, quantity: number, left: number): asserts part is LockedPart {
  if (!part) throw new NotFoundError("This part is not in the catalogue.");
  const range = quantityRangeMessage(part.minOrder, largestOrder(part));
  if (quantity < part.minOrder || quantity > maxPerOrderOf(part)) throw new InvalidInputError(range);
  if (quantity > left) throw new ConflictError(left === 0 ? "This part is out of stock." : `Only ${left} in stock. ${range}`);
  // A price stored before prices were whole cents (0.004) would make a $0 order.
  if (toCents(part.price) < 1) throw new ConflictError("This part has no price yet and cannot be ordered.");
}

/**
 * Sorts a batch's orders into those the part can fill, each checked against the stock the orders
 * before it left (so the batch never oversells), and the refused ones, whose outcome is set.
 */
function fillable(part: LockedPart | null, requests: PlaceOrder[], outcomes: Outcome<Placed>[]): number[] {
  const accepted: number[] = [];
  let left = part?.quantity ?? 0;
  for (const [i, request] of requests.entries()) {
    if (outcomes[i]) continue;
    try {
      refuseUnfillable(part, request.quantity, left);
      left -= request.quantity;
      accepted.push(i);
    } catch (error) {
      outcomes[i] = { error };
    }
  }
  return accepted;
}

/**
 * Stores one batch of orders of one part. Orders the part cannot fill are refused from a first read,
 * before the batch waits for the part's lock, which another server may hold: impossible orders never
 * wait behind possible ones. Then, under the lock: one read of the part, the orders checked again,
 * one write taking the stock of those that fit and journalling them, one insert of the orders, one
 * write emptying the journal (see lib/stock/part-lock.ts).
 */
async function storeBatch(partId: string, requests: PlaceOrder[]): Promise<Outcome<Placed>[]> {
  const outcomes: Outcome<Placed>[] = [];
  if (fillable(await Part.findById(partId).lean<LockedPart>(), requests, outcomes).length === 0) return outcomes;
  return withLockedPart(partId, async (part) => {
    const accepted = fillable(part, requests, outcomes);
    if (!part || accepted.length === 0) return outcomes;
    const docs = accepted.map((i) => {
      const request = requests[i]!;
      return {
        _id: new Types.ObjectId(),
        partId: part._id,
        partsname: part.partsname,
        unitPrice: part.price,
        quantity: request.quantity,
        total: orderTotal(part.price, request.quantity),
        name: request.name,
        email: request.email,
        phone: request.phone,
        address: request.address,
        status: "placed" as const,
      };
    });
    const entries: JournalEntry[] = docs.map((doc) => ({ order: doc._id, units: doc.quantity }));
    const refuse = (error: unknown) => accepted.forEach((i) => (outcomes[i] = { error }));
    const taken = await takeStockForOrdersLocked(part._id, entries);
    if (taken !== "taken") {
      refuse(taken === "missing" ? new NotFoundError("This part is not in the catalogue.") : new ConflictError("Not enough in stock for this order."));
      return outcomes;
    }
    let stored: StoredOrder[];
    try {
      stored = (await Order.insertMany(docs)).map((order) => order.toObject() as StoredOrder);
    } catch (error) {
      // Not stored (or not all, or not known to be): settle now; if even that fails, the next lock holder settles it.
      await settleJournalLocked(part._id, entries).catch(() => undefined);
      refuse(error);
      return outcomes;
    }
    // Stored: the lists and totals need not wait for the lock to be let go, nor hold it.
    accepted.forEach((i, n) => (outcomes[i] = { value: { order: stored[n]!, recorded: recordInListsAndTotals(stored[n]!) } }));
    // The journal is done with. If this write fails, the next lock holder empties it.
    await forgetStoredOrdersLocked(part._id).catch(() => undefined);
    stockChanged([String(part._id)]);
    return outcomes;
  });
}

/** Starts the writes that list a new order and count it in its day; placeOrder awaits them. */
function recordInListsAndTotals(order: StoredOrder): Promise<unknown> {
  const recorded = Promise.all([changeLists(orderListChanges(order, "add")), changeDayTotals(order.createdAt, orderDayChange(order, 1))]);
  // Awaited by placeOrder once the batch is done; a failure before then is not an unhandled one.
  recorded.catch(() => undefined);
  return recorded;
}

const storeInBatch = batchesByKey(storeBatch, { maxItems: MAX_ORDERS_PER_PART, busy: () => new LockBusyError(PART_BUSY) });

/**
 * Places an order: checks minOrder <= quantity <= the lesser of stock and maxPerOrder, takes the
 * quantity out of stock and stores the order, under the part's stock lock, so concurrent orders can
 * never oversell; the orders of one part that arrive together share one turn of the lock. The price
 * comes from the part, never from the client. Crash-safe without transactions (see
 * lib/stock/part-lock.ts). The reply waits until the order is in its lists and its day's totals,
 * written from the moment it is stored, without holding the lock: they batch across parts.
 */
export async function placeOrder(input: PlaceOrder): Promise<OrderView> {
  await connectDb();
  // One spelling per part: the lock and the batch are keyed by it.
  const { order, recorded } = await storeInBatch(input.partId.toLowerCase(), input);
  // Stored with its stock taken: the customer is told so even when listing it failed, or a retry
  // would order twice. Until `npm run reindex`, such an order is missing from the lists and totals.
  await recorded.catch((error: unknown) => logUnexpected(`[orders] order ${String(order._id)} stored but not listed`, error));
  return toOrderView(order);
}
