import "server-only";
import type { Types } from "mongoose";
import { connectDb, trusted } from "@/lib/db/connect";
import { LockBusyError, withLock } from "@/lib/db/lock";
import type { TakeStockResult } from "@/lib/stock/levels";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";

// Every change to a part's stock goes through withPartLock, so no number of
// concurrent orders can oversell, on MongoDB and on FerretDB alike.

const PART_BUSY = "This part is busy with other orders; please try again in a moment.";

/** Runs `work` while holding the stock lock of one part. */
export function withPartLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  return withLock(`part:${String(partId)}`, PART_BUSY, async () => {
    // A holder that crashed mid-order may have left stock taken for an order it never stored.
    await settleInterruptedOrdersLocked(partId);
    return work();
  });
}

// Crash safety of placeOrder without transactions (FerretDB has none). The commit point is one
// single-document write to the part: the stock goes down AND the order's id and units are recorded
// in its journal (`stockTakenFor`). Then the order document is inserted, then the journal entry is
// removed. Whatever instant a crash lands:
//   before the part write      nothing happened;
//   after it, before the order an entry whose order does not exist: its units go back to stock;
//   after the order is stored  an entry whose order exists: the entry is just dropped.
// Entries are settled under the part's lock before any other work on the part (so a crashed
// holder's entry is settled before its stock can be touched again) and at server start-up.
// A reply is sent only after the order is stored, so every acknowledged order is kept.

type JournalEntry = { order: Types.ObjectId; units: number };

/** Takes `units` for the order `orderId` and journals it, in one write. Call inside withPartLock. */
export async function takeStockForOrderLocked(partId: Types.ObjectId | string, orderId: Types.ObjectId, units: number): Promise<TakeStockResult> {
  const result = await Part.updateOne(
    { _id: partId, quantity: trusted({ $gte: units }) },
    { $inc: { quantity: -units }, $push: { stockTakenFor: { order: orderId, units } } },
  );
  if (result.modifiedCount === 1) return "taken";
  return (await Part.exists({ _id: partId })) ? "short" : "missing";
}

/** Drops the journal entry of an order known to be stored. Call inside withPartLock. */
export async function forgetStoredOrderLocked(partId: Types.ObjectId | string, orderId: Types.ObjectId, units: number): Promise<void> {
  await Part.updateOne({ _id: partId }, { $pull: { stockTakenFor: { order: orderId, units } } });
}

/** Settles one journal entry: kept if its order is stored, else its units go back to stock. Call inside withPartLock. */
export async function settleOrderLocked(partId: Types.ObjectId | string, orderId: Types.ObjectId, units: number): Promise<"kept" | "returned"> {
  // The whole entry, not a condition: FerretDB's $pull matches elements by equality only.
  const forget = { $pull: { stockTakenFor: { order: orderId, units } } };
  if (await Order.exists({ _id: orderId })) {
    await Part.updateOne({ _id: partId }, forget);
    return "kept";
  }
  // Never stored: the stock comes back in the same write that forgets the entry, so it comes back once.
  await Part.updateOne({ _id: partId }, { ...forget, $inc: { quantity: units } });
  return "returned";
}

/** Settles every journal entry of a part. Call inside withPartLock. */
export async function settleInterruptedOrdersLocked(partId: Types.ObjectId | string): Promise<number> {
  const part = await Part.findById(partId, { stockTakenFor: 1 }).lean<{ stockTakenFor?: JournalEntry[] }>();
  const entries = part?.stockTakenFor ?? [];
  for (const entry of entries) {
    const outcome = await settleOrderLocked(partId, entry.order, entry.units);
    console.warn(`[orders] settled an interrupted order ${String(entry.order)} of part ${String(partId)}: ${outcome === "kept" ? "order kept" : `${entry.units} units back in stock`}`);
  }
  return entries.length;
}

/** Parts read per batch at start-up: the scan for journals is bounded like every other list. */
export const SETTLE_BATCH_SIZE = 100;

/**
 * At start-up: settles what a crashed server left in any part's journal (each part under its lock).
 * No index finds them: the journal is emptied by $pull, which leaves `[]` behind (so a sparse index
 * would hold every part ever ordered), and FerretDB v1 refuses partialFilterExpression. So the parts
 * are walked in `_id` order (the _id index), a batch at a time, each batch starting after the last
 * id seen: it ends even while other servers keep placing orders, and runs once per start.
 */
export async function settleAllInterruptedOrders(): Promise<number> {
  await connectDb();
  let settled = 0;
  let after: Types.ObjectId | undefined;
  for (;;) {
    const filter = { "stockTakenFor.0": trusted({ $exists: true }), ...(after ? { _id: trusted({ $gt: after }) } : {}) };
    const parts = await Part.find(filter, { stockTakenFor: 1 })
      .sort({ _id: 1 })
      .limit(SETTLE_BATCH_SIZE)
      .lean<{ _id: Types.ObjectId; stockTakenFor?: JournalEntry[] }[]>();
    for (const part of parts) {
      if (!part.stockTakenFor?.length) continue;
      // A crashed holder's lock expires after LOCK_TTL_MS: wait for it rather than give up.
      for (let attempt = 0; ; attempt++) {
        try {
          // Taking the lock settles the part's journal (withPartLock does it first thing).
          await withPartLock(part._id, async () => undefined);
          settled += part.stockTakenFor.length;
          break;
        } catch (error) {
          if (!(error instanceof LockBusyError) || attempt >= 3) throw error;
        }
      }
    }
    if (parts.length < SETTLE_BATCH_SIZE) return settled;
    after = parts[parts.length - 1]!._id;
  }
}
