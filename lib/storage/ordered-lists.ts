import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { IndexChunk, IndexDirectory, type IndexKey } from "@/lib/storage/models/IndexChunk";
import {
  changeLists,
  compareKeys,
  type CountsOf,
  encodeKey,
  listSize,
  type ListChange as KeyChange,
  missingEntries,
  readDirectory,
  readList,
  rebuildLists,
} from "@/lib/storage/ordered-index";

// The door to the shop's own ordered lists (lib/storage/ordered-index.ts). A domain declares each
// kind of list once: its name, and the values its entries are ordered by, one of them the
// document's `id`. Storage encodes those values into the stored keys and reads them back, so a
// domain writes and reads typed entries and never sees a key, a chunk or a directory.

/**
 * How a value orders its entries: "number", a whole number from 0, smallest first; "year", a
 * year (up to 9999), newest first; "text", as its characters sort.
 */
export type FieldKind = "number" | "year" | "text";
export type Fields = { readonly id: "text" } & { readonly [name: string]: FieldKind };
/** An entry of a list: its values, named as declared. */
export type Entry<F extends Fields> = { -readonly [K in keyof F]: F[K] extends "text" ? string : number };

/** The newest year a "year" value may hold: it is stored as NEWEST_YEAR - year, so newer years sort first. */
const NEWEST_YEAR = 9999;

/** A change to a list, as its declaration made it; the domain passes it on, never builds or reads it. */
export type ListChange = KeyChange & { lock?: string };
/** Where an entry sits in its list: stored as is by a domain that must undo a change later, never read. */
export type ListPlace = string;
export type ListWindow = { offset: number; limit: number; descending?: boolean };

/** How one kind of list turns entries into keys and back. */
class KeyShape<F extends Fields> {
  private readonly names: string[];
  private readonly kinds: FieldKind[];
  private readonly idAt: number;

  constructor(fields: F) {
    this.names = Object.keys(fields);
    this.kinds = this.names.map((name) => fields[name]!);
    this.idAt = this.names.indexOf("id");
  }

  key(entry: Entry<F>): IndexKey {
    const values = entry as Record<string, string | number>;
    return encodeKey(...this.names.map((name, i) => (this.kinds[i] === "year" ? NEWEST_YEAR - Number(values[name]) : values[name]!)));
  }

  entry(key: IndexKey): Entry<F> {
    const parts = key.split(SEPARATOR);
    const entry: Record<string, string | number> = {};
    this.names.forEach((name, i) => {
      const part = parts[i] ?? "";
      const kind = this.kinds[i];
      entry[name] = kind === "text" ? part : kind === "year" ? NEWEST_YEAR - Number(part) : Number(part);
    });
    return entry as Entry<F>;
  }

  /** The id an entry's key holds, without reading its other values. */
  id(key: IndexKey): string {
    if (this.idAt === this.names.length - 1) return key.slice(key.lastIndexOf(SEPARATOR) + 1);
    return key.split(SEPARATOR)[this.idAt] ?? "";
  }
}

// encodeKey joins its values with one separator and strips it from texts: two empty texts give it alone.
const SEPARATOR = encodeKey("", "");

export type ListOptions<F extends Fields> = {
  /** What an entry bears that the list counts (read back by `counted`): kept with every change and rebuild. */
  counts?: (entry: Entry<F>) => readonly string[];
  /** Lists written together share this lock, and so its turns: see SharedLock in lib/storage/ordered-index.ts. */
  lock?: string;
};

/** One ordered list: its changes, its pages and its size. */
export type OrderedList<F extends Fields> = {
  readonly name: string;
  /** The change that puts this entry in the list, or takes it out. */
  change(entry: Entry<F>, op: "add" | "remove"): ListChange;
  /** Where an entry sits in the list, to be noted (a write's journal) and changed later by changeAt. */
  placeOf(entry: Entry<F>): ListPlace;
  changeAt(place: ListPlace, op: "add" | "remove"): ListChange;
  /** `limit` entries from `offset`, from the first (or the last, `descending`), and the list's size. */
  page(window: ListWindow): Promise<{ entries: Entry<F>[]; total: number }>;
  /** The same page, as the documents' ids only. */
  idPage(window: ListWindow): Promise<{ ids: string[]; total: number }>;
  /** Every entry: for lists bounded by what they are about (a vehicle's parts), never the catalogue. */
  whole(): Promise<Entry<F>[]>;
  /** Every id, in the list's order. */
  wholeIds(): Promise<string[]>;
  /** How many entries it holds: one read. */
  size(): Promise<number>;
  /** Whether it was ever written or rebuilt (an empty list may exist). */
  exists(): Promise<boolean>;
  /** Its size and what its entries bear, per name (`ListOptions.counts`); no counts for a list never counted from its first entry. */
  counted(): Promise<{ total: number; counts?: Record<string, number> }>;
  /**
   * The ids of one page without some entries (a list's parts out of stock), reading one window of
   * it: the window starts where the page would without them, and each id of the page lies at most
   * `leftOut.length` places past that. Those before the window are counted from their values, unread.
   */
  pageLeavingOut(window: ListWindow, leftOut: readonly Entry<F>[]): Promise<string[]>;
  /** These entries in the list's order (as a list would hold them). */
  inOrder(entries: readonly Entry<F>[]): Entry<F>[];
};

type Declared = { shape: KeyShape<Fields>; options: ListOptions<Fields> };
const declaredLists = new WeakMap<OrderedList<Fields>, Declared>();
const declaredChanges = new WeakMap<ListChange, Declared>();

function declare<F extends Fields>(name: string, shape: KeyShape<F>, options: ListOptions<F>): OrderedList<F> {
  const declared: Declared = { shape: shape as unknown as KeyShape<Fields>, options: options as ListOptions<Fields> };
  const keyOf = (entry: Entry<F>) => shape.key(entry);
  const read = async (window: ListWindow) => {
    await connectDb();
    return readList(name, { descending: false, ...window });
  };
  const changeOf = (key: IndexKey, op: "add" | "remove", counts: readonly string[] | undefined): ListChange => {
    const change = { list: name, key, op, ...(counts ? { counts } : {}), ...(options.lock ? { lock: options.lock } : {}) };
    declaredChanges.set(change, declared);
    return change;
  };
  const list: OrderedList<F> = {
    name,
    change: (entry, op) => changeOf(keyOf(entry), op, options.counts?.(entry)),
    placeOf: (entry) => keyOf(entry),
    changeAt: (place, op) => changeOf(place, op, options.counts?.(shape.entry(place))),
    page: async (window) => {
      const { keys, total } = await read(window);
      return { entries: keys.map((key) => shape.entry(key)), total };
    },
    idPage: async (window) => {
      const { keys, total } = await read(window);
      return { ids: keys.map((key) => shape.id(key)), total };
    },
    whole: async () => (await read({ offset: 0, limit: Number.MAX_SAFE_INTEGER })).keys.map((key) => shape.entry(key)),
    wholeIds: async () => (await read({ offset: 0, limit: Number.MAX_SAFE_INTEGER })).keys.map((key) => shape.id(key)),
    size: async () => listSize(name),
    exists: async () => {
      await connectDb();
      return (await IndexDirectory.exists({ _id: name })) !== null;
    },
    counted: async () => {
      await connectDb();
      const { total, counts } = await readDirectory(name);
      return counts ? { total, counts } : { total };
    },
    pageLeavingOut: async ({ offset, limit, descending = false }, leftOut) => {
      const gone = new Set<unknown>(leftOut.map((entry) => entry.id));
      const { keys } = await read({ offset, limit: limit + leftOut.length, descending });
      const first = keys[0];
      if (first === undefined) return [];
      const before = leftOut.map(keyOf).filter((key) => (descending ? key > first : key < first)).length;
      return keys
        .map((key) => shape.id(key))
        .filter((id) => !gone.has(id))
        .slice(before, before + limit);
    },
    inOrder: (entries) =>
      entries
        .map((entry) => ({ entry, key: keyOf(entry) }))
        .sort((a, b) => compareKeys(a.key, b.key))
        .map(({ entry }) => entry),
  };
  declaredLists.set(list as unknown as OrderedList<Fields>, declared);
  return list;
}

/** Declares one list: its name and the values its entries are ordered by, in order. */
export function orderedList<F extends Fields>(name: string, fields: F, options: ListOptions<F> = {}): OrderedList<F> {
  return declare(name, new KeyShape(fields), options);
}

/**
 * Declares a kind of list, one per something (a search term, a customer): its name from that, and
 * the values its entries are ordered by, in order. The lists it names share one key shape.
 */
export function orderedLists<F extends Fields, A extends unknown[]>(nameOf: (...args: A) => string, fields: F, options: ListOptions<F> = {}): (...args: A) => OrderedList<F> {
  const shape = new KeyShape(fields);
  return (...args) => declare(nameOf(...args), shape, options);
}

/** Groups changes by the lock their lists share (none: each list's own). */
function byLock<T extends { lock?: string }>(items: Iterable<T>): Map<string | undefined, T[]> {
  const groups = new Map<string | undefined, T[]>();
  for (const item of items) (groups.get(item.lock) ?? groups.set(item.lock, []).get(item.lock)!).push(item);
  return groups;
}

/** Applies changes to their lists (each list's in order); resolves once every list holds them. */
export async function keepLists(changes: readonly ListChange[]): Promise<void> {
  if (changes.length === 0) return;
  await Promise.all([...byLock(changes)].map(([lock, group]) => changeLists(group, lock ? { lock } : undefined)));
}

/**
 * The changes that take a document's entries from `before` (its "remove" changes, as it was) to
 * `after` (its "add" changes, as it is): only the entries that differ.
 */
export function changesBetween(before: readonly ListChange[], after: readonly ListChange[]): ListChange[] {
  const place = (change: ListChange) => `${change.list}\n${change.key}`;
  const kept = new Set(before.map(place));
  const wanted = new Set(after.map(place));
  return [...before.filter((change) => !wanted.has(place(change))), ...after.filter((change) => !kept.has(place(change)))];
}

/** Of these changes (each an "add"), those whose entry is not in its list yet. */
export async function missingFromLists<T extends ListChange>(changes: T[]): Promise<T[]> {
  return missingEntries(changes);
}

/**
 * A rebuild of lists from the documents (`npm run reindex`): the entries each list should hold,
 * gathered, then written in place of what the lists held.
 */
export class ListsRebuild {
  private readonly lists = new Map<string, { keys: IndexKey[]; declared: Declared }>();

  /** The list is rebuilt, empty unless entries are added to it. */
  include<F extends Fields>(list: OrderedList<F>): void {
    if (!this.lists.has(list.name)) this.lists.set(list.name, { keys: [], declared: declaredLists.get(list as unknown as OrderedList<Fields>)! });
  }

  add<F extends Fields>(list: OrderedList<F>, entry: Entry<F>): void {
    this.include(list);
    const held = this.lists.get(list.name)!;
    held.keys.push(held.declared.shape.key(entry as Entry<Fields>));
  }

  /** Each change's entry in its list (the changes that would put the documents in their lists). */
  addChanges(changes: readonly ListChange[]): void {
    for (const change of changes) {
      if (!this.lists.has(change.list)) this.lists.set(change.list, { keys: [], declared: declaredChanges.get(change)! });
      this.lists.get(change.list)!.keys.push(change.key);
    }
  }

  names(): string[] {
    return [...this.lists.keys()];
  }

  /**
   * Writes every list gathered; lists whose name `stale` matches that were not gathered are then
   * deleted ("drop"), or emptied with the gathered ones, under their shared lock ("empty"). How many
   * such stale lists there were.
   */
  async write(stale?: { matches: (name: string) => boolean; then: "drop" | "empty" }): Promise<number> {
    await connectDb();
    const left: string[] = [];
    if (stale) for await (const { _id: name } of IndexDirectory.find({}, { _id: 1 }).lean<{ _id: string }>().cursor()) if (stale.matches(name) && !this.lists.has(name)) left.push(name);
    const groups = [...byLock([...this.lists].map(([name, { keys, declared }]) => ({ name, keys, declared, lock: declared.options.lock })))];
    if (groups.length === 0 && stale?.then === "empty" && left.length > 0) groups.push([undefined, []]);
    for (const [at, [lock, group]] of groups.entries()) {
      const lists: [string, IndexKey[]][] = group.map(({ name, keys }) => [name, keys]);
      if (at === 0 && stale?.then === "empty") lists.push(...left.map((name): [string, IndexKey[]] => [name, []]));
      const counters = new Map(group.flatMap(({ name, declared }) => (declared.options.counts ? [[name, declared] as const] : [])));
      const countsOf: CountsOf | undefined =
        counters.size > 0
          ? (name, key) => {
              const declared = counters.get(name);
              return declared ? declared.options.counts!(declared.shape.entry(key)) : undefined;
            }
          : undefined;
      await rebuildLists(lists, countsOf, lock ? { lock } : undefined);
    }
    if (stale?.then === "drop") for (const name of left) await dropList(name);
    return left.length;
  }
}

/** One list rebuilt from these documents, each listed by `entryOf` (`npm run reindex`); how many it lists. */
export async function rebuildList<F extends Fields, T>(list: OrderedList<F>, documents: AsyncIterable<T>, entryOf: (document: T) => Entry<F>): Promise<number> {
  const rebuild = new ListsRebuild();
  rebuild.include(list);
  let count = 0;
  for await (const document of documents) {
    rebuild.add(list, entryOf(document));
    count += 1;
  }
  await rebuild.write();
  return count;
}

/** Deletes a list whole: its chunks, then its directory. */
export async function dropList(name: string): Promise<void> {
  await connectDb();
  await IndexChunk.deleteMany({ list: name });
  await IndexDirectory.deleteOne({ _id: name });
}

