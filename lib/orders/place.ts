import "server-only";
import { Types } from "mongoose";
import { stockChanged } from "@/lib/cache/tags";
import { batchesByKey, type Outcome } from "@/lib/db/batches";
import { connectDb } from "@/lib/db/connect";
import { logUnexpected } from "@/lib/db/database-down";
import { LockBusyError } from "@/lib/db/lock";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { changeDayTotals, orderDayChange } from "@/lib/orders/day-totals";
import { changeOrderLists, orderListChanges } from "@/lib/orders/order-lists";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import {
  type JournalEntry,
  type LockedPart,
  PART_BUSY,
  type PartTake,
  journalsStored,
  settleJournalLocked,
  readPartForOrdersLocked,
  takeStockForOrdersLocked,
  withFreeLockedParts,
  withLockedPart,
} from "@/lib/stock/part-lock";
import { isRemembered } from "@/lib/stock/remembered";
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
/** Orders in progress in one server process, of all parts together: past this, the same. */
const MAX_ORDERS_IN_PROGRESS = 2_000;

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

/** An order as it is inserted: the database adds its timestamps. */
type NewOrder = Omit<OrderDoc, "createdAt" | "updatedAt"> & { _id: Types.ObjectId };
type OrderDocs = { docs: NewOrder[]; take: PartTake };

/** The order documents of the accepted requests of one part, and its stock write. */
function orderDocs(part: LockedPart, requests: PlaceOrder[], accepted: number[]): OrderDocs {
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
  return { docs, take: { part, entries: docs.map((doc): JournalEntry => ({ order: doc._id, units: doc.quantity })) } };
}

type Taking = { indexes: number[]; docs: OrderDocs["docs"]; take: PartTake };
/** A take whose stock write was made, and when. */
type Taken = Taking & { at: Date };

/** The orders of these parts that fit them (the others' outcomes set) and each part's stock write. */
function takesOf(parts: Map<string, LockedPart | null>, requests: PlaceOrder[], outcomes: Outcome<Placed>[]): Taking[] {
  const taking: Taking[] = [];
  const indexesOf = new Map<string, number[]>();
  requests.forEach((request, i) => {
    if (!parts.has(request.partId)) return;
    const indexes = indexesOf.get(request.partId);
    if (indexes) indexes.push(i);
    else indexesOf.set(request.partId, [i]);
  });
  for (const [partId, indexes] of indexesOf) {
    const part = parts.get(partId) ?? null;
    const own = indexes.map((i) => requests[i]!);
    const ownOutcomes: Outcome<Placed>[] = [];
    indexes.forEach((i, n) => outcomes[i] && (ownOutcomes[n] = outcomes[i]));
    const accepted = fillable(part, own, ownOutcomes);
    ownOutcomes.forEach((outcome, n) => (outcomes[indexes[n]!] = outcome));
    if (part && accepted.length > 0) taking.push({ indexes: accepted.map((n) => indexes[n]!), ...orderDocs(part, own, accepted) });
  }
  return taking;
}

/** Which of these parts' locks this holder still has (a lock outlived by a stalled holder is taken over). */
type StillHeld = (partIds: string[]) => Promise<Set<string>>;

/**
 * Takes the stock of these takes. A take missed because this process's remembered copy of its part
 * was out of date (written since by another server, or in a shell) goes again on the part as read
 * now, if its lock is still held; one missed on a part read under the lock means another writer
 * bypassed the lock. Returns the takes made; the missed ones' outcomes are set.
 */
async function takeStock(taking: Taking[], requests: PlaceOrder[], outcomes: Outcome<Placed>[], stillHeld?: StillHeld): Promise<Taken[]> {
  const refuse = (refused: Taking[], error: unknown) => refused.forEach(({ indexes }) => indexes.forEach((i) => (outcomes[i] = { error })));
  const { at, missed } = await takeStockForOrdersLocked(taking.map(({ take }) => take));
  const made: Taken[] = taking.filter(({ take }) => !missed.has(take)).map((taken) => ({ ...taken, at }));
  const stale = taking.filter(({ take }) => missed.has(take) && isRemembered(take.part));
  refuse(
    taking.filter(({ take }) => missed.has(take) && !isRemembered(take.part)),
    new ConflictError("Not enough in stock for this order."),
  );
  if (stale.length === 0) return made;
  const ids = stale.map(({ take }) => String(take.part._id));
  const held = stillHeld ? await stillHeld(ids) : new Set<string>();
  refuse(
    stale.filter(({ take }) => !held.has(String(take.part._id))),
    new LockBusyError(PART_BUSY),
  );
  const again = ids.filter((id) => held.has(id));
  const now = await Promise.all(again.map((id) => readPartForOrdersLocked(id)));
  const retaking = takesOf(new Map(again.map((id, i) => [id, now[i]!])), requests, outcomes);
  if (retaking.length === 0) return made;
  return [...made, ...(await takeStock(retaking, requests, outcomes))];
}

/**
 * Stores the orders of some parts, each part's lock held: the orders checked against each part as
 * its lock holder has it, one write per part taking the stock of those that fit and journalling them
 * (all sent at once), then one insert of every order (see lib/stock/part-lock.ts). Sets the outcome
 * of each request of these parts not refused already.
 */
async function storeLocked(
  parts: Map<string, LockedPart | null>,
  requests: PlaceOrder[],
  outcomes: Outcome<Placed>[],
  { onStored, stillHeld }: { onStored?: () => void; stillHeld?: StillHeld } = {},
): Promise<void> {
  const taking = takesOf(parts, requests, outcomes);
  if (taking.length === 0) return;
  const taken = await takeStock(taking, requests, outcomes, stillHeld);
  if (taken.length === 0) return;
  const refuse = (error: unknown) => taken.forEach(({ indexes }) => indexes.forEach((i) => (outcomes[i] = { error })));
  let stored: StoredOrder[];
  try {
    stored = (await Order.insertMany(taken.flatMap(({ docs }) => docs))).map((order) => order.toObject() as StoredOrder);
  } catch (error) {
    // Not stored (or not all, or not known to be): settle now; if even that fails, the next lock holder settles it.
    await Promise.all(taken.map(({ take }) => settleJournalLocked(take.part._id, take.entries))).catch(() => undefined);
    return refuse(error);
  }
  // insertMany answers in the order it was given, so the orders line up with `taken`.
  let next = 0;
  // Stored: the lists and totals need not wait for the locks to be let go, nor hold them.
  for (const { indexes } of taken) {
    for (const i of indexes) {
      const order = stored[next++]!;
      outcomes[i] = { value: { order, recorded: recordInListsAndTotals(order) } };
    }
  }
  journalsStored(taken);
  onStored?.();
  // Not awaited under the locks: the stock on cached pages is only marked stale (the replies have
  // gone already), and a slow Redis must not hold the parts' locks.
  stockChanged(taken.map(({ take }) => String(take.part._id))).catch((error: unknown) => logUnexpected("[orders] marking the stock stale failed", error));
}

/**
 * Whether a part as this process last wrote it may stand in for a read: only when it fills every
 * order of the round, since a refusal must rest on the part as it is now.
 */
function rememberedServes(requests: PlaceOrder[]): (partId: string, part: LockedPart) => boolean {
  const byPart = new Map<string, PlaceOrder[]>();
  for (const request of requests) {
    const own = byPart.get(request.partId);
    if (own) own.push(request);
    else byPart.set(request.partId, [request]);
  }
  return (partId, part) => {
    const own = byPart.get(partId) ?? [];
    return fillable(part, own, []).length === own.length;
  };
}

/** The end of the last round (its locks let go): the next round is gathered until then. */
let lastRound: Promise<void> = Promise.resolve();

/**
 * Stores one round of orders: those that arrived while the previous round was being stored, of any
 * parts. The locks of their parts are taken in one write; a part whose lock is held elsewhere is
 * left to storeWhenFree, so it delays no other part. The round is answered as soon as its orders are
 * stored: letting the locks go overlaps the writes to the order lists, and the next round is
 * gathered until they are done. (Letting rounds on disjoint parts overlap was tried: under the
 * bench's crowd the embedded database's connections timed out, so rounds stay one at a time.)
 */
async function storeRound(requests: PlaceOrder[]): Promise<Outcome<Placed | Promise<Placed>>[]> {
  const outcomes: Outcome<Placed | Promise<Placed>>[] = [];
  const partIds = [...new Set(requests.map((request) => request.partId))];
  const stored: Outcome<Placed>[] = [];
  const copyStored = () => stored.forEach((outcome, i) => (outcomes[i] = outcome));
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const round = withFreeLockedParts(partIds, async (parts, busy, stillHeld) => {
    const waiting = new Set(busy);
    requests.forEach((request, i) => {
      if (!waiting.has(request.partId)) return;
      const placing = storeWhenFree(request.partId, request);
      placing.catch(() => undefined); // its caller awaits it once the round is answered
      outcomes[i] = { value: placing };
    });
    try {
      await storeLocked(parts, requests, stored, { onStored: () => (copyStored(), answer()), stillHeld });
    } catch (error) {
      // Answered here rather than thrown: a throw would also fail the orders handed to storeWhenFree.
      requests.forEach((request, i) => !waiting.has(request.partId) && (stored[i] ??= { error }));
    }
    copyStored();
  }, rememberedServes(requests));
  lastRound = round.then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([answered, round]);
  return outcomes;
}

/**
 * Stores the orders of one part whose lock is held elsewhere, waiting for it. The orders are first
 * checked against a read of the part, so impossible orders are refused at once rather than wait
 * behind possible ones.
 */
const storeWhenFree = batchesByKey<PlaceOrder, Placed>(
  async (partId, requests) => {
    const outcomes: Outcome<Placed>[] = [];
    const refusedWithoutWaiting = async () => (fillable(await Part.findById(partId).lean<LockedPart>(), requests, outcomes).length === 0 ? outcomes : undefined);
    return withLockedPart(
      partId,
      async (part) => {
        await storeLocked(new Map([[partId, part]]), requests, outcomes);
        return outcomes;
      },
      { whileBusy: refusedWithoutWaiting, storedJournal: "replace" },
    );
  },
  { maxItems: MAX_ORDERS_PER_PART, busy: () => new LockBusyError(PART_BUSY) },
);

/** Starts the writes that list a new order and count it in its day; placeOrder awaits them. */
function recordInListsAndTotals(order: StoredOrder): Promise<unknown> {
  const recorded = Promise.all([changeOrderLists(orderListChanges(order, "add")), changeDayTotals(order.createdAt, orderDayChange(order, 1))]);
  // Awaited by placeOrder once the batch is done; a failure before then is not an unhandled one.
  recorded.catch(() => undefined);
  return recorded;
}

const storeInRound = batchesByKey<PlaceOrder, Placed | Promise<Placed>>((_round, requests) => storeRound(requests), {
  maxItems: MAX_ORDERS_IN_PROGRESS,
  ready: () => lastRound,
  busy: () => new LockBusyError("The shop is busy with other orders; please try again in a moment."),
});
const inProgressByPart = new Map<string, number>();

/**
 * Places an order: checks minOrder <= quantity <= the lesser of stock and maxPerOrder, takes the
 * quantity out of stock and stores the order, under the part's stock lock, so concurrent orders can
 * never oversell; the orders that arrive together share one round of writes, whatever their parts.
 * The price comes from the part, never from the client. Crash-safe without transactions (see
 * lib/stock/part-lock.ts). The reply waits until the order is in its lists and its day's totals,
 * written from the moment it is stored, without holding the lock: they batch across parts.
 */
export async function placeOrder(input: PlaceOrder): Promise<OrderView> {
  await connectDb();
  // One spelling per part: the locks and the rounds are keyed by it.
  const partId = input.partId.toLowerCase();
  const inProgress = inProgressByPart.get(partId) ?? 0;
  if (inProgress >= MAX_ORDERS_PER_PART) throw new LockBusyError(PART_BUSY);
  inProgressByPart.set(partId, inProgress + 1);
  let placed: Placed;
  try {
    placed = await storeInRound("orders", { ...input, partId });
  } finally {
    const left = (inProgressByPart.get(partId) ?? 1) - 1;
    if (left > 0) inProgressByPart.set(partId, left);
    else inProgressByPart.delete(partId);
  }
  const { order, recorded } = placed;
  // Stored with its stock taken: the customer is told so even when listing it failed, or a retry
  // would order twice. Until `npm run reindex`, such an order is missing from the lists and totals.
  await recorded.catch((error: unknown) => logUnexpected(`[orders] order ${String(order._id)} stored but not listed`, error));
  return toOrderView(order);
}
