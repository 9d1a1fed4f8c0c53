import "server-only";
import type { Types } from "mongoose";
import { connectDb } from "@/lib/storage/connect";
import { LockBusyError, heldLocks, releaseLocks, takeFreeLocks, withLock } from "@/lib/storage/lock";
import { Order } from "@/models/Order";
import { Part, type PartDoc } from "@/models/Part";
import { StockLock } from "@/lib/storage/models/StockLock";
import { asWritten, contested, forgetPart, isRemembered, knownStored, rememberStored, rememberWritten, rememberedPart } from "@/lib/storage/remembered";

// Every change to a part's stock goes through its lock, so no number of concurrent orders can
// oversell, on MongoDB and on FerretDB alike.

export const PART_BUSY = "This part is busy with other orders; please try again in a moment.";
const LOCK_PREFIX = "part:";

// Crash safety of placeOrder without transactions (FerretDB has none). The commit point is one
// single-document write to the part: the stock goes down AND the orders' ids and units are recorded
// in its journal (`stockTakenFor`), replacing what it held. Then the order documents are inserted,
// all before the part's lock is let go. Whatever instant a crash lands:
//   before the part write      nothing happened;
//   after it, before the orders entries whose order does not exist: their units go back to stock;
//   after the orders are stored entries whose order exists: they are just dropped.
// A journal is settled by the next holder of the part's lock, first thing, and at server start-up
// for each part whose lock a dead holder left behind. A reply is sent only after the order is
// stored, so every acknowledged order is kept.
// Once its orders are stored a journal is left as it is rather than emptied (a write per part per
// round, as dear as the stock write): the part's next order replaces it, and this process remembers
// which orders it stored, so it does not look them up. Every other lock holder (a cancel, a delete,
// an admin's edit) empties it first, so an order deleted later is never taken for one never stored.
// A part this process wrote last need not even be read for its next order (lib/storage/remembered.ts).

export type JournalEntry = { order: Types.ObjectId; units: number };
/** A part as its lock holder reads it: with the journal settled (so always empty). */
export type LockedPart = Omit<PartDoc, "stockTakenFor"> & { stockTakenFor?: JournalEntry[] };

/** Which entries' orders are stored: those this process stored, and the others looked up by id. */
function storedFlags(entries: JournalEntry[]): Promise<boolean[]> {
  return Promise.all(entries.map(async (entry) => knownStored(entry) || Boolean(await Order.exists({ _id: entry.order }))));
}

/** Settles journal entries: units of orders never stored go back to stock; the journal is emptied. Call inside the part's lock. */
export async function settleJournalLocked(partId: Types.ObjectId | string, entries: JournalEntry[]): Promise<number> {
  return settleWith(partId, entries, await storedFlags(entries));
}

async function settleWith(partId: Types.ObjectId | string, entries: JournalEntry[], stored: boolean[]): Promise<number> {
  const back = entries.reduce((sum, entry, i) => sum + (stored[i] ? 0 : entry.units), 0);
  forgetPart(partId);
  await Part.updateOne({ _id: partId }, { $set: { stockTakenFor: [] }, ...(back > 0 ? { $inc: { quantity: back } } : {}) });
  entries.forEach((entry, i) => {
    if (!stored[i]) console.warn(`[orders] settled an interrupted order ${String(entry.order)} of part ${String(partId)}: ${entry.units} units back in stock`);
  });
  return back;
}

/** How a lock holder takes a journal of orders all stored: emptied, or left for its own stock write to replace. */
type StoredJournal = "empty" | "replace";

/** The part as its lock holder reads it (null when not in the catalogue), after settling what a crashed holder left in its journal. */
async function readSettledLocked(partId: Types.ObjectId | string, storedJournal: StoredJournal = "empty"): Promise<{ part: LockedPart | null; settled: number }> {
  const part = await Part.findById(partId).select("+stockTakenFor").lean<LockedPart>();
  const journal = part?.stockTakenFor ?? [];
  if (!part || journal.length === 0) return { part, settled: 0 };
  const stored = await storedFlags(journal);
  if (storedJournal === "replace" && stored.every(Boolean)) {
    rememberStored(journal);
    return { part: { ...part, stockTakenFor: [] }, settled: 0 };
  }
  const back = await settleWith(partId, journal, stored);
  return { part: { ...part, quantity: part.quantity + back, stockTakenFor: [] }, settled: journal.length };
}

/**
 * Runs `work` while holding the stock lock of one part, with the part as read under the lock (null
 * when it is not in the catalogue) after settling what a crashed holder left in its journal. While
 * the lock is held elsewhere, `whileBusy` may answer instead of waiting (see withLock). Work that
 * places orders passes `storedJournal: "replace"`: its stock write replaces a journal of stored orders.
 */
export function withLockedPart<T>(
  partId: Types.ObjectId | string,
  work: (part: LockedPart | null, settled: number) => Promise<T>,
  options: { whileBusy?: () => Promise<T | undefined>; storedJournal?: StoredJournal } = {},
): Promise<T> {
  return withLock(
    `${LOCK_PREFIX}${String(partId)}`,
    PART_BUSY,
    async () => {
      // Any holder but an order may change the part: what this process remembers of it goes.
      if (options.storedJournal !== "replace") forgetPart(partId);
      const { part, settled } = await readSettledLocked(partId, options.storedJournal);
      return work(part, settled);
    },
    options,
  );
}

/**
 * Runs `work`, which places orders, holding the stock locks of those of these parts whose locks are
 * free now, taken in one write. Each part is read under its lock as withLockedPart reads it for
 * orders, unless this process remembers it as its last stock write left it and `trust` says that
 * copy serves (the orders' stock write is then conditional on it, see takeStockForOrdersLocked).
 * The parts whose lock is held elsewhere are not waited for: `work` gets them as `busy`, to send
 * down a path that waits. `stillHeld` tells which of the parts' locks are still this holder's.
 */
export async function withFreeLockedParts<T>(
  partIds: string[],
  work: (parts: Map<string, LockedPart | null>, busy: string[], stillHeld: (partIds: string[]) => Promise<Set<string>>) => Promise<T>,
  trust: (partId: string, part: LockedPart) => boolean,
): Promise<T> {
  const taken = await takeFreeLocks(partIds.map((id) => `${LOCK_PREFIX}${id}`));
  try {
    const parts = new Map<string, LockedPart | null>();
    const toRead = partIds.filter((id) => {
      if (!taken.keys.has(`${LOCK_PREFIX}${id}`)) return false;
      const known = rememberedPart(id);
      if (known && trust(id, known)) parts.set(id, known);
      return !parts.has(id);
    });
    const read = await Promise.all(toRead.map((id) => readPartForOrdersLocked(id)));
    toRead.forEach((id, i) => parts.set(id, read[i]!));
    const stillHeld = async (ids: string[]) => {
      const held = await heldLocks(taken);
      return new Set(ids.filter((id) => held.has(`${LOCK_PREFIX}${id}`)));
    };
    return await work(parts, partIds.filter((id) => !taken.keys.has(`${LOCK_PREFIX}${id}`)), stillHeld);
  } finally {
    await releaseLocks(taken).catch(() => undefined);
  }
}

/** A part as a holder of its lock reads it to place orders (null when not in the catalogue). */
export async function readPartForOrdersLocked(partId: string): Promise<LockedPart | null> {
  return (await readSettledLocked(partId, "replace")).part;
}

/** Runs `work` while holding the stock lock of one part. */
export function withPartLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  return withLockedPart(partId, () => work());
}

/** One part's orders in a stock write: the part as its lock holder has it, and its orders' ids and units, for its journal. */
export type PartTake = { part: LockedPart; entries: JournalEntry[] };

const unitsOf = (entries: JournalEntry[]) => entries.reduce((sum, entry) => sum + entry.units, 0);

/**
 * Takes each part's orders' units and journals its orders, one write per part, all sent at once.
 * Call holding every part's lock, journals settled. A part read under the lock is written if it
 * has the units (on a real MongoDB that condition alone is atomic); a part remembered from this
 * process's last write only if it is still as written. Returns the time written into the parts and
 * the takes not written, found by reading their parts' journals when not every write was made.
 */
export async function takeStockForOrdersLocked(takes: PartTake[]): Promise<{ at: Date; missed: Set<PartTake> }> {
  const at = new Date();
  const result = await Part.collection.bulkWrite(
    takes.map(({ part, entries }) => {
      const units = unitsOf(entries);
      return {
        updateOne: {
          filter: isRemembered(part) ? asWritten(part) : { _id: part._id, quantity: { $gte: units } },
          update: { $inc: { quantity: -units }, $set: { stockTakenFor: entries, updatedAt: at } },
        },
      };
    }),
    { ordered: false },
  );
  if (result.modifiedCount === takes.length) return { at, missed: new Set() };
  const written = await Promise.all(takes.map(({ part, entries }) => journalNames(part._id, entries[0]!)));
  const missed = new Set(takes.filter((_take, i) => !written[i]));
  // Another server writes this part too: remembering it would only cost a missed write a round.
  for (const { part } of missed) if (isRemembered(part)) contested(part._id);
  return { at, missed };
}

/** Whether the part's journal names this entry's order: the stock write that recorded it was made. */
async function journalNames(partId: Types.ObjectId, entry: JournalEntry): Promise<boolean> {
  const part = await Part.findById(partId).select("+stockTakenFor").lean<LockedPart>();
  return (part?.stockTakenFor ?? []).some((journalled) => String(journalled.order) === String(entry.order));
}

/**
 * Records that the parts' orders are stored: their journals stay on the parts (see the top of this
 * file), and the next round of orders on them need not read them. Call holding their locks.
 */
export function journalsStored(taken: { take: PartTake; at: Date }[]): void {
  for (const { take, at } of taken) {
    rememberStored(take.entries);
    rememberWritten(take.part, unitsOf(take.entries), at);
  }
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
