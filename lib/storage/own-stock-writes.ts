import "server-only";
import type { Types } from "mongoose";

// What this server process remembers of its own stock writes, so its next round of takings on the
// same items costs fewer database commands (lib/storage/stock-ledger.ts). Both are bounded:
// forgetting an entry costs only a read.

/** A set that keeps its newest `limit` members. */
function newestOf<T>(limit: number) {
  const members = new Map<string, T>();
  return {
    get: (key: string) => members.get(key),
    delete: (key: string) => members.delete(key),
    set(key: string, value: T) {
      members.delete(key);
      members.set(key, value);
      for (const oldest of members.keys()) {
        if (members.size <= limit) break;
        members.delete(oldest);
      }
    },
  };
}

/** How long an item written by another server is read for each round rather than remembered. */
const CONTESTED_MS = 30_000;

/** An item as its ledger stores it: its id and the time of its last write. */
export type WrittenItem = { _id: Types.ObjectId; updatedAt?: Date | null };

/**
 * The memory of one stock ledger's own writes. `count` and `journal` name the item's stock and
 * journal fields; `checked` the fields a taking checks or copies, which a remembered copy must
 * still match.
 */
export function ownStockWrites<Item extends WrittenItem>({ count, journal, checked }: { count: string; journal: string; checked: readonly string[] }) {
  const fieldOf = (item: Item, field: string): unknown => (item as unknown as Record<string, unknown>)[field];

  /** Takings this process stored whose item's journal may still name them: those need no look-up. */
  const storedTakings = newestOf<true>(20_000);

  /**
   * Items as this process last wrote them with takings, under their locks. A round whose takings
   * all fit such an item takes its stock without reading it, on the condition that the item is
   * still as written (asWritten): a write by another server or by an admin changes it, the
   * condition fails, and the round reads the item afresh.
   */
  const writtenItems = newestOf<Item>(5_000);
  const remembered = new WeakSet<Item>();
  /** Items another server wrote since this process did, until when they are not remembered. */
  const contestedUntil = newestOf<number>(5_000);

  const forget = (id: Types.ObjectId | string): void => void writtenItems.delete(String(id).toLowerCase());

  return {
    rememberStored: (entries: { order: Types.ObjectId }[]): void => entries.forEach((entry) => storedTakings.set(String(entry.order), true)),
    knownStored: (entry: { order: Types.ObjectId }): boolean => storedTakings.get(String(entry.order)) === true,

    /** The item as this process's last stock write left it, if it remembers it. */
    rememberedItem: (id: string): Item | undefined => writtenItems.get(id.toLowerCase()),
    isRemembered: (item: Item): boolean => remembered.has(item),
    forget,

    /** Another server wrote this item since this process did: it is read for each round for a while. */
    contested(id: Types.ObjectId | string): void {
      forget(id);
      contestedUntil.set(String(id).toLowerCase(), Date.now() + CONTESTED_MS);
    },

    /** Remembers an item after this process took `units` of its stock at `at`, its takings stored. */
    rememberWritten(item: Item, units: number, at: Date): void {
      if ((contestedUntil.get(String(item._id)) ?? 0) > Date.now()) return;
      const written = { ...item, [count]: Number(fieldOf(item, count)) - units, updatedAt: at, [journal]: [] } as Item;
      remembered.add(written);
      writtenItems.set(String(item._id), written);
    },

    /**
     * A filter matching the item only while it is as this process wrote it: its stock and update
     * time, and every field a taking checks or copies (an operator's edit in a shell leaves the time
     * as it was).
     */
    asWritten(item: Item): Record<string, unknown> {
      // null matches a field that is missing or null, on MongoDB and FerretDB alike.
      const filter: Record<string, unknown> = { _id: item._id, [count]: fieldOf(item, count), updatedAt: item.updatedAt };
      for (const field of checked) filter[field] = fieldOf(item, field) ?? null;
      return filter;
    },
  };
}
