import "server-only";
import type { Types } from "mongoose";
import { connectDb } from "@/lib/db/connect";
import { LockBusyError, releaseLocks, takeFreeLocks, withLock } from "@/lib/db/lock";
import { Order } from "@/models/Order";
import { Part, type PartDoc } from "@/models/Part";
import { StockLock } from "@/models/StockLock";

// Every change to a part's stock goes through its lock, so no number of concurrent orders can
// oversell, on MongoDB and on FerretDB alike.

export const PART_BUSY = "This part is busy with other orders; please try again in a moment.";
const LOCK_PREFIX = "part:";

// Crash safety of placeOrder without transactions (FerretDB has none). The commit point is one
// single-document write to the part: the stock goes down AND the orders' ids and units are recorded
// in its journal (`stockTakenFor`). Then the order documents are inserted, then the journal is
// emptied, all before the part's lock is let go. Whatever instant a crash lands:
//   before the part write      nothing happened;
//   after it, before the orders entries whose order does not exist: their units go back to stock;
//   after the orders are stored entries whose order exists: they are just dropped.
// A journal is settled by the next holder of the part's lock, first thing, and at server start-up
// for each part whose lock a dead holder left behind. A reply is sent only after the order is
// stored, so every acknowledged order is kept.

export type JournalEntry = { order: Types.ObjectId; units: number };
/** A part as its lock holder reads it: with the journal settled (so always empty). */
export type LockedPart = Omit<PartDoc, "stockTakenFor"> & { stockTakenFor?: JournalEntry[] };

/** Settles journal entries: units of orders never stored go back to stock; the journal is emptied. Call inside the part's lock. */
export async function settleJournalLocked(partId: Types.ObjectId | string, entries: JournalEntry[]): Promise<number> {
  const stored = await Promise.all(entries.map((entry) => Order.exists({ _id: entry.order })));
  const back = entries.reduce((sum, entry, i) => sum + (stored[i] ? 0 : entry.units), 0);
  await Part.updateOne({ _id: partId }, { $set: { stockTakenFor: [] }, ...(back > 0 ? { $inc: { quantity: back } } : {}) });
  entries.forEach((entry, i) =>
    console.warn(`[orders] settled an interrupted order ${String(entry.order)} of part ${String(partId)}: ${stored[i] ? "order kept" : `${entry.units} units back in stock`}`),
  );
  return back;
}

/** The part as its lock holder reads it (null when not in the catalogue), after settling what a crashed holder left in its journal. */
async function readSettledLocked(partId: Types.ObjectId | string): Promise<{ part: LockedPart | null; settled: number }> {
  const part = await Part.findById(partId).select("+stockTakenFor").lean<LockedPart>();
  const journal = part?.stockTakenFor ?? [];
  if (!part || journal.length === 0) return { part, settled: 0 };
  const back = await settleJournalLocked(partId, journal);
  return { part: { ...part, quantity: part.quantity + back, stockTakenFor: [] }, settled: journal.length };
}

/**
 * Runs `work` while holding the stock lock of one part, with the part as read under the lock (null
 * when it is not in the catalogue) after settling what a crashed holder left in its journal. While
 * the lock is held elsewhere, `whileBusy` may answer instead of waiting (see withLock).
 */
export function withLockedPart<T>(
  partId: Types.ObjectId | string,
  work: (part: LockedPart | null, settled: number) => Promise<T>,
  options: { whileBusy?: () => Promise<T | undefined> } = {},
): Promise<T> {
  return withLock(
    `${LOCK_PREFIX}${String(partId)}`,
    PART_BUSY,
    async () => {
      const { part, settled } = await readSettledLocked(partId);
      return work(part, settled);
    },
    options,
  );
}

/**
 * Runs `work` holding the stock locks of those of these parts whose locks are free now, taken in one
 * write, with each part read under its lock as withLockedPart reads it. The parts whose lock is held
 * elsewhere are not waited for: `work` gets them as `busy`, to send down a path that waits.
 */
export async function withFreeLockedParts<T>(partIds: string[], work: (parts: Map<string, LockedPart | null>, busy: string[]) => Promise<T>): Promise<T> {
  const taken = await takeFreeLocks(partIds.map((id) => `${LOCK_PREFIX}${id}`));
  try {
    const locked = partIds.filter((id) => taken.has(`${LOCK_PREFIX}${id}`));
    const read = await Promise.all(locked.map((id) => readSettledLocked(id)));
    const parts = new Map(locked.map((id, i) => [id, read[i]!.part]));
    return await work(parts, partIds.filter((id) => !taken.has(`${LOCK_PREFIX}${id}`)));
  } finally {
    await releaseLocks(taken).catch(() => undefined);
  }
}

/** Runs `work` while holding the stock lock of one part. */
export function withPartLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  return withLockedPart(partId, () => work());
}

/** One part's orders in a stock write: their ids and units, for its journal. */
export type PartTake = { partId: Types.ObjectId; entries: JournalEntry[] };

/**
 * Takes each part's orders' units and journals its orders, one write per part, all sent at once.
 * Call holding every part's lock, journals settled. True when every part's write was made; when
 * not, which were is unknown, so the caller settles the journals (settleStoredJournalLocked).
 */
export async function takeStockForOrdersLocked(takes: PartTake[]): Promise<boolean> {
  const result = await Part.collection.bulkWrite(
    takes.map(({ partId, entries }) => {
      const units = entries.reduce((sum, entry) => sum + entry.units, 0);
      return {
        updateOne: {
          // Conditional as well as locked: on a real MongoDB the condition alone is atomic.
          filter: { _id: partId, quantity: { $gte: units } },
          update: { $inc: { quantity: -units }, $set: { stockTakenFor: entries, updatedAt: new Date() } },
        },
      };
    }),
    { ordered: false },
  );
  return result.modifiedCount === takes.length;
}

/** Settles whatever journal a part holds now (after a stock write whose outcome is unknown). Call inside the part's lock. */
export async function settleStoredJournalLocked(partId: Types.ObjectId | string): Promise<void> {
  await readSettledLocked(partId);
}

/** Empties the parts' journals once their orders are stored, in one write. Call holding their locks. */
export async function forgetStoredOrdersLocked(partIds: Types.ObjectId[]): Promise<void> {
  await Part.collection.bulkWrite(
    partIds.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { stockTakenFor: [] } } } })),
    { ordered: false },
  );
}

/** Part locks read at start-up: the locks held at one moment, which a crowd of parts stays far below. */
export const LOCKS_READ_AT_START_UP = 1000;

/**
 * At start-up: settles the journal of every part whose lock is still held, since a holder that died
 * mid-order leaves its lock behind (a live holder's is simply waited for). The locks collection
 * holds only the locks held now, so this reads a handful of documents, never the catalogue.
 * Journals left by a holder that failed to settle without dying are settled by the part's next order.
 */
export async function settleAllInterruptedOrders(): Promise<number> {
  await connectDb();
  const locks = await StockLock.find({}, { _id: 1 }).limit(LOCKS_READ_AT_START_UP).lean<{ _id: string }[]>();
  const partIds = locks.map((lock) => lock._id).filter((id) => id.startsWith(LOCK_PREFIX)).map((id) => id.slice(LOCK_PREFIX.length));
  const settled = await Promise.all(partIds.map(settleWhenFree));
  return settled.reduce((sum, count) => sum + count, 0);
}

async function settleWhenFree(partId: string): Promise<number> {
  // A dead holder's lock expires after LOCK_TTL_MS: wait for it rather than give up.
  for (let attempt = 0; ; attempt++) {
    try {
      return await withLockedPart(partId, async (_part, settled) => settled);
    } catch (error) {
      if (!(error instanceof LockBusyError) || attempt >= 3) throw error;
    }
  }
}
