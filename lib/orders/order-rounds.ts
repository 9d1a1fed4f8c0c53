import "server-only";
import { stockChanged } from "@/lib/cache/tags";
import { batchesByKey, type Outcome } from "@/lib/storage/batches";
import { logUnexpected } from "@/lib/storage/database-down";
import { LockBusyError } from "@/lib/storage/lock";
import { mailsRecorded } from "@/lib/mail/due";
import { newOrderNumbers } from "@/lib/orders/order-numbers";
import { type Placed, type StoredOrder, recordInListsAndTotals } from "@/lib/orders/placed-records";
import { type PlaceOrder, type StillHeld, fillable, takeStock, takesOf } from "@/lib/orders/stock-takes";
import { type LockedPart, PART_BUSY, ordersStored, settleTakeLocked, withFreeLockedParts, withLockedPart } from "@/lib/stock/part-stock";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";

// Orders are stored in rounds: the orders that arrive together share one round of writes, whatever
// their parts, so a crowd costs one lock write, one stock write per part and one insert per round.


/** Orders of one part in progress in one server process; past this a caller is told to try again (503). */
export const MAX_ORDERS_PER_PART = 100;
/** Orders in progress in one server process, of all parts together: past this, the same. */
const MAX_ORDERS_IN_PROGRESS = 2_000;

/**
 * Stores the orders of some parts, each part's lock held: the orders checked against each part as
 * its lock holder has it, one write per part taking the stock of those that fit and journalling them
 * (all sent at once), then one insert of every order (see lib/storage/stock-ledger.ts). Sets the outcome
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
    const docs = taken.flatMap(({ docs }) => docs);
    // Numbered once their stock is taken: a refused order uses no number. The journal names ids only.
    const numbers = await newOrderNumbers(docs.length);
    docs.forEach((doc, i) => (doc.number = numbers[i]!));
    stored = (await Order.insertMany(docs)).map((order) => order.toObject() as StoredOrder);
  } catch (error) {
    // Not stored (or not all, or not known to be): settle now; if even that fails, the next lock holder settles it.
    await Promise.all(taken.map(({ take }) => settleTakeLocked(take))).catch(() => undefined);
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
  ordersStored(taken);
  for (const { docs } of taken) for (const doc of docs) mailsRecorded({ orderId: String(doc._id) }, doc.mailsDue);
  onStored?.();
  // Not awaited under the locks: the stock on cached pages is only marked stale (the replies have
  // gone already), and a slow Redis must not hold the parts' locks.
  stockChanged(taken.map(({ take }) => String(take.item._id))).catch((error: unknown) => logUnexpected("[orders] marking the stock stale failed", error));
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

/** Stores one order in the next round; a crowd past MAX_ORDERS_IN_PROGRESS is told to try again (503). */
export const storeInRound = batchesByKey<PlaceOrder, Placed | Promise<Placed>>((_round, requests) => storeRound(requests), {
  maxItems: MAX_ORDERS_IN_PROGRESS,
  ready: () => lastRound,
  busy: () => new LockBusyError("The shop is busy with other orders; please try again in a moment."),
});
