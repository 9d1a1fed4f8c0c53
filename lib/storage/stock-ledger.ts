import "server-only";
import type { Model, Types, UpdateQuery } from "mongoose";
import { connectDb } from "@/lib/storage/connect";
import { LockBusyError, heldLocks, keepingLocks, releaseLocks, takeFreeLocks, withLock } from "@/lib/storage/lock";
import { StockLock } from "@/lib/storage/models/StockLock";
import { ownStockWrites, type WrittenItem } from "@/lib/storage/own-stock-writes";

// A stock ledger: items whose units in stock are taken by takings (orders) stored in a collection
// of their own. Every change to an item's stock goes through its lock, so no number of concurrent
// takings can take more than there is, on MongoDB and on FerretDB alike.

// Crash safety without transactions (FerretDB has none). The commit point is one single-document
// write to the item: the stock goes down AND the takings' ids and units are recorded in its journal,
// replacing what it held. Then the takings are inserted, all before the item's lock is let go.
// Whatever instant a crash lands:
//   before the item write        nothing happened;
//   after it, before the takings entries whose taking does not exist: their units go back to stock;
//   after the takings are stored entries whose taking exists: they are just dropped.
// A taking of several items (an order of several parts) journals itself on each of them, holding all
// their locks: a crash after some of those writes leaves entries naming a taking never stored, and
// each item gives its units back, so no partial taking survives.
// A journal is settled by the next holder of the item's lock, first thing, and at server start-up
// for each item whose lock a dead holder left behind. A reply is sent only after the taking is
// stored, so every acknowledged taking is kept.
// Once its takings are stored a journal is left as it is rather than emptied (a write per item per
// round, as dear as the stock write): the item's next taking replaces it, and this process remembers
// which takings it stored, so it does not look them up. Every other lock holder (a cancel, a delete,
// an admin's edit) empties it first, so a taking deleted later is never taken for one never stored.
// An item this process wrote last need not even be read for its next taking (lib/storage/own-stock-writes.ts).

/** One taking in an item's journal: its id (stored as `order`) and the units taken for it. */
export type JournalEntry = { order: Types.ObjectId; units: number };

/** Where a ledger keeps its stock, declared once by the domain that owns the items. */
export type StockLedger<Fields> = {
  /** The items whose stock is kept. */
  items: Model<Fields>;
  /** The item's field holding its units in stock. */
  count: string;
  /** The item's field holding its journal (not selected by default). */
  journal: string;
  /** The item's field recording which change last put units back (not selected by default), so a change completed after a crash puts them back once. */
  returnedFor: string;
  /** Where the takings live: a journal entry whose taking is not stored there gives its units back. */
  takings: { exists(filter: { _id: Types.ObjectId }): PromiseLike<unknown> };
  /** The name the items' locks carry: one lock per item. */
  name: string;
  /** What a caller is told when an item's lock cannot be had in time (503). */
  busyMessage: string;
  /** The fields a taking checks or copies: a copy remembered from this process's own write serves only while the item still has them. */
  checked: readonly string[];
};

/** How a lock holder takes a journal of takings all stored: emptied, or left for its own stock write to replace. */
type StoredJournal = "empty" | "replace";

/** Locks read at start-up: the locks held at one moment, which a crowd of items stays far below. */
export const LOCKS_READ_AT_START_UP = 1000;

/**
 * Items written in one bulk write: FerretDB's time per write grows with the size of the bulk (a
 * hundred updates in one took over 30 s where four bulks of 25 sent at once take a fraction of one).
 */
const ITEMS_WRITTEN_AT_ONCE = 25;

const chunksOf = <T>(all: T[], size: number): T[][] => Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.slice(i * size, (i + 1) * size));

/**
 * How long after its first lock a holder of several items' locks may still start its writes: a lock
 * lasts 15 s (lib/storage/lock.ts) before another holder may take it over, so one gathered slowly
 * item by item is given up rather than written under a lock that may be no longer its own.
 */
const GATHERED_WITHIN_MS = 5_000;

/**
 * The stock of a ledger's items. `Item` is an item as its lock holder reads it, journal settled
 * (so always empty).
 */
export function keepStock<Item extends WrittenItem, Fields>(ledger: StockLedger<Fields>) {
  const { items, count, journal, returnedFor, takings, busyMessage } = ledger;
  const memory = ownStockWrites<Item>(ledger);
  const lockOf = (id: Types.ObjectId | string) => `${ledger.name}:${String(id)}`;
  const fieldOf = (item: Item, field: string): unknown => (item as unknown as Record<string, unknown>)[field];
  const countOf = (item: Item) => Number(fieldOf(item, count));
  const journalOf = (item: Item | null) => (item ? ((fieldOf(item, journal) as JournalEntry[] | undefined) ?? []) : []);
  const withCount = (item: Item, units: number) => ({ ...item, [count]: units, [journal]: [] }) as Item;
  const readLocked = (id: Types.ObjectId | string) => items.findById(id).select(`+${journal}`).lean<Item>();
  const unitsOf = (entries: JournalEntry[]) => entries.reduce((sum, entry) => sum + entry.units, 0);

  /** Which entries' takings are stored: those this process stored, and the others looked up by id. */
  function storedFlags(entries: JournalEntry[]): Promise<boolean[]> {
    return Promise.all(entries.map(async (entry) => memory.knownStored(entry) || Boolean(await takings.exists({ _id: entry.order }))));
  }

  async function settleWith(id: Types.ObjectId | string, entries: JournalEntry[], stored: boolean[]): Promise<number> {
    const back = entries.reduce((sum, entry, i) => sum + (stored[i] ? 0 : entry.units), 0);
    memory.forget(id);
    const emptied = { $set: { [journal]: [] }, ...(back > 0 ? { $inc: { [count]: back } } : {}) } as UpdateQuery<Fields>;
    await items.updateOne({ _id: id }, emptied);
    entries.forEach((entry, i) => {
      if (!stored[i]) console.warn(`[stock] settled an interrupted taking ${String(entry.order)} of ${ledger.name} ${String(id)}: ${entry.units} units back in stock`);
    });
    return back;
  }

  /** The item as its lock holder reads it (null when not stored), after settling what a crashed holder left in its journal. */
  async function readSettledLocked(id: Types.ObjectId | string, storedJournal: StoredJournal = "empty"): Promise<{ item: Item | null; settled: number }> {
    const item = await readLocked(id);
    const entries = journalOf(item);
    if (!item || entries.length === 0) return { item, settled: 0 };
    const stored = await storedFlags(entries);
    if (storedJournal === "replace" && stored.every(Boolean)) {
      memory.rememberStored(entries);
      return { item: withCount(item, countOf(item)), settled: 0 };
    }
    const back = await settleWith(id, entries, stored);
    return { item: withCount(item, countOf(item) + back), settled: entries.length };
  }

  /**
   * Runs `work` while holding one item's lock, with the item as read under the lock (null when it
   * is not stored) after settling what a crashed holder left in its journal. While the lock is held
   * elsewhere, `whileBusy` may answer instead of waiting (see withLock). Work that stores takings
   * passes `storedJournal: "replace"`: its stock write replaces a journal of stored takings.
   */
  function withLocked<T>(
    id: Types.ObjectId | string,
    work: (item: Item | null, settled: number) => Promise<T>,
    options: { whileBusy?: () => Promise<T | undefined>; storedJournal?: StoredJournal } = {},
  ): Promise<T> {
    return withLock(
      lockOf(id),
      busyMessage,
      async () => {
        // Any holder but a taking may change the item: what this process remembers of it goes.
        if (options.storedJournal !== "replace") memory.forget(id);
        const { item, settled } = await readSettledLocked(id, options.storedJournal);
        return work(item, settled);
      },
      options,
    );
  }

  /** An item as a holder of its lock reads it to store takings (null when not stored). */
  async function readForTakingLocked(id: string): Promise<Item | null> {
    return (await readSettledLocked(id, "replace")).item;
  }

  /** Whether the item's journal names this entry's taking: the stock write that recorded it was made. */
  async function journalNames(id: Types.ObjectId, entry: JournalEntry): Promise<boolean> {
    return journalOf(await readLocked(id)).some((journalled) => String(journalled.order) === String(entry.order));
  }

  /** One item's takings in a stock write: the item as its lock holder has it, and its takings' ids and units, for its journal. */
  type Take = { item: Item; entries: JournalEntry[] };

  async function settleWhenFree(id: string): Promise<number> {
    // A dead holder's lock expires: wait for it rather than give up.
    for (let attempt = 0; ; attempt++) {
      try {
        return await withLocked(id, async (_item, settled) => settled);
      } catch (error) {
        if (!(error instanceof LockBusyError) || attempt >= 3) throw error;
      }
    }
  }

  return {
    withLocked,
    readForTakingLocked,
    isRemembered: memory.isRemembered,

    /**
     * The item was changed outside withLocked by a holder of its lock (withFreeLocked trusting no
     * copy, then writing the item itself): what this process remembers of it goes, so the next
     * taking reads it rather than trust a copy of it as it was. Call holding its lock.
     */
    changedLocked: (id: Types.ObjectId | string): void => memory.forget(id),

    /**
     * Runs `work`, which stores takings, holding the locks of those of these items whose locks are
     * free now, taken in one write. Each item is read under its lock as withLocked reads it for
     * takings, unless this process remembers it as its last stock write left it and `trust` says
     * that copy serves (the stock write is then conditional on it, see takeTogetherLocked). The
     * items whose lock is held elsewhere are not waited for: `work` gets them as `busy`, to send
     * down a path that waits. `stillHeld` tells which of the items' locks are still this holder's.
     */
    async withFreeLocked<T>(
      ids: string[],
      work: (items: Map<string, Item | null>, busy: string[], stillHeld: (ids: string[]) => Promise<Set<string>>) => Promise<T>,
      trust: (id: string, item: Item) => boolean,
    ): Promise<T> {
      const taken = await takeFreeLocks(ids.map(lockOf));
      const stillHeld = async (wanted: string[]) => {
        const held = await heldLocks(taken);
        return new Set(wanted.filter((id) => held.has(lockOf(id))));
      };
      try {
        // Renewed from the moment they are taken: the reads under them spend their life too.
        return await keepingLocks(taken, async () => {
          const found = new Map<string, Item | null>();
          const toRead = ids.filter((id) => {
            if (!taken.keys.has(lockOf(id))) return false;
            const known = memory.rememberedItem(id);
            if (known && trust(id, known)) found.set(id, known);
            return !found.has(id);
          });
          const read = await Promise.all(toRead.map(readForTakingLocked));
          toRead.forEach((id, i) => found.set(id, read[i]!));
          return work(found, ids.filter((id) => !taken.keys.has(lockOf(id))), stillHeld);
        });
      } finally {
        await releaseLocks(taken).catch(() => undefined);
      }
    },

    /**
     * Runs `work`, which stores takings, holding the locks of every one of these items at once, each
     * item read under its lock as for takings (null when not stored). When all are free they are
     * taken in one write; otherwise each is waited for in turn, in sorted order, so two holders of
     * overlapping items never wait for each other in a circle. LockBusyError when they cannot all be
     * had in time (work does not run). Work that does not store takings (a change of a taking of
     * several items) passes `storedJournal: "empty"`, as withLocked.
     */
    async withAllLocked<T>(ids: string[], work: (items: Map<string, Item | null>) => Promise<T>, { storedJournal = "replace" }: { storedJournal?: StoredJournal } = {}): Promise<T> {
      const sorted = [...new Set(ids)].sort();
      const readAll = async () => {
        if (storedJournal !== "replace") sorted.forEach((id) => memory.forget(id));
        const read = await Promise.all(sorted.map(async (id) => (await readSettledLocked(id, storedJournal)).item));
        return new Map(sorted.map((id, i) => [id, read[i]!]));
      };
      const together = await takeFreeLocks(sorted.map(lockOf));
      if (together.keys.size === sorted.length) {
        try {
          return await work(await readAll());
        } finally {
          await releaseLocks(together).catch(() => undefined);
        }
      }
      // Some are held elsewhere: keeping the free ones while waiting could close a circle of waiters.
      await releaseLocks(together);
      let firstHeldAt = 0;
      const holdFrom = (i: number): Promise<T> =>
        withLock(lockOf(sorted[i]!), busyMessage, async () => {
          if (i === 0) firstHeldAt = Date.now();
          if (i + 1 < sorted.length) return holdFrom(i + 1);
          if (Date.now() - firstHeldAt > GATHERED_WITHIN_MS) throw new LockBusyError(busyMessage);
          return work(await readAll());
        });
      return holdFrom(0);
    },

    /** Settles journal entries: units of takings never stored go back to stock; the journal is emptied. Call inside the item's lock. */
    async settleLocked(id: Types.ObjectId | string, entries: JournalEntry[]): Promise<number> {
      return settleWith(id, entries, await storedFlags(entries));
    },

    /**
     * Takes these items' stock together: each take's units, its takings journalled, one write per
     * item, all sent at once. Call holding every item's lock, journals settled. An item read under
     * the lock is written if it has the units (on a real MongoDB that condition alone is atomic);
     * an item remembered from this process's last write only if it is still as written. Returns the
     * time written into the items and the takes not written, found by reading their journals when
     * not every write was made.
     */
    async takeTogetherLocked<T extends Take>(takes: T[]): Promise<{ at: Date; missed: Set<T> }> {
      const at = new Date();
      const writes = takes.map(({ item, entries }) => ({
        updateOne: {
          filter: memory.isRemembered(item) ? memory.asWritten(item) : { _id: item._id, [count]: { $gte: unitsOf(entries) } },
          update: { $inc: { [count]: -unitsOf(entries) }, $set: { [journal]: entries, updatedAt: at } },
        },
      }));
      const results = await Promise.all(chunksOf(writes, ITEMS_WRITTEN_AT_ONCE).map((chunk) => items.collection.bulkWrite(chunk, { ordered: false })));
      if (results.reduce((sum, result) => sum + result.modifiedCount, 0) === takes.length) return { at, missed: new Set() };
      const written = await Promise.all(takes.map(({ item, entries }) => journalNames(item._id, entries[0]!)));
      const missed = new Set(takes.filter((_take, i) => !written[i]));
      // Another server writes this item too: remembering it would only cost a missed write a round.
      for (const { item } of missed) if (memory.isRemembered(item)) memory.contested(item._id);
      return { at, missed };
    },

    /**
     * Puts units back into an item's stock once for the change `token` names: the write records the
     * token, so a change cut short and completed later (`completing`) does not put them back twice.
     * Call inside the item's lock.
     */
    async returnOnceLocked(id: Types.ObjectId | string, units: number, { token, completing }: { token: string; completing: boolean }): Promise<void> {
      if (completing) {
        const item = await items.findById(id).select(`+${returnedFor}`).lean<Record<string, unknown>>();
        if (!item || item[returnedFor] === token) return;
      }
      await items.updateOne({ _id: id }, { $inc: { [count]: units }, $set: { [returnedFor]: token } } as UpdateQuery<Fields>);
    },

    /**
     * Records that these takes' takings are stored: their journals stay on the items (see the top
     * of this file), and the next round of takings on them need not read them. Call holding their locks.
     */
    takingsStored(taken: { take: Take; at: Date }[]): void {
      for (const { take, at } of taken) {
        memory.rememberStored(take.entries);
        memory.rememberWritten(take.item, unitsOf(take.entries), at);
      }
    },

    /**
     * At start-up: settles the journal of every item whose lock is still held, since a holder that
     * died mid-taking leaves its lock behind (a live holder's is simply waited for). The locks
     * collection holds only the locks held now, so this reads a handful of documents, never the
     * items. Journals left by a holder that failed to settle without dying are settled by the
     * item's next taking. Returns how many journal entries were settled.
     */
    async settleLeftBehind(): Promise<number> {
      await connectDb();
      const prefix = lockOf("");
      const locks = await StockLock.find({}, { _id: 1 }).limit(LOCKS_READ_AT_START_UP).lean<{ _id: string }[]>();
      const ids = locks.map((lock) => lock._id).filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
      const settled = await Promise.all(ids.map(settleWhenFree));
      return settled.reduce((sum, entries) => sum + entries, 0);
    },
  };
}
