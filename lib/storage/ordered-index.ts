import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { withLock } from "@/lib/storage/lock";
import { inTurnsUnderLock } from "@/lib/storage/turns-under-lock";
import { IndexChunk, IndexDirectory, type DirectoryEntry, type IndexDirectoryFields, type IndexKey } from "@/lib/storage/models/IndexChunk";

// Ordered lists kept by the shop itself, because the embedded engine (FerretDB v1) sorts every
// match in memory and pushes no range filter down: a sorted, paged read there costs the whole
// collection. Here a page costs one directory read and the one or two chunks it covers, at any
// offset, on any engine. Domains reach the lists through their door, lib/storage/ordered-lists.ts.
// Changes to one list are applied in batches under the list's lock, in turns
// (lib/storage/turns-under-lock.ts), so a crowd of writers costs one directory write per batch rather than one each.
// Lists always written together (an order's lists) may share one lock, and so its turns: a list
// seldom written (one customer's) then costs no lock of its own, and is read once a turn.

/** Keys per chunk: a chunk above MAX_CHUNK is split in two, and a rebuild fills chunks to FILL. */
const MAX_CHUNK = 256;
const FILL = 200;

/** `counts`: what the key bears that its list counts (see IndexDirectoryFields.counts). */
export type ListChange = { list: string; key: IndexKey; op: "add" | "remove"; counts?: readonly string[] };

// FerretDB stores no array inside an array, so a key is one string whose order is the order of its
// parts: whole numbers padded to a fixed width, then a separator below every character a stored
// text may hold (control characters are refused on input), so "ab" sorts before "abc".
const SEPARATOR = "\u0001";
const NUMBER_WIDTH = 16;

/** A key from its sort values (whole numbers from 0, or texts) and, last, the document's id. */
export function encodeKey(...parts: (string | number)[]): IndexKey {
  return parts
    .map((part) => {
      if (typeof part === "string") return part.replaceAll(SEPARATOR, "");
      if (!Number.isSafeInteger(part) || part < 0) throw new RangeError(`A key number must be a whole number from 0, not ${part}.`);
      return String(part).padStart(NUMBER_WIDTH, "0");
    })
    .join(SEPARATOR);
}

/** The document id a key ends with. */
export function keyId(key: IndexKey): string {
  return key.slice(key.lastIndexOf(SEPARATOR) + 1);
}

export function compareKeys(a: IndexKey, b: IndexKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Position of `key` in sorted `entries`: its index when present, else where it would go. */
function position(entries: IndexKey[], key: IndexKey): { index: number; found: boolean } {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const order = compareKeys(entries[middle]!, key);
    if (order === 0) return { index: middle, found: true };
    if (order < 0) low = middle + 1;
    else high = middle;
  }
  return { index: low, found: false };
}

/** The chunk a key belongs in: the last whose first key is not above it (the first chunk for smaller keys). */
function chunkFor(chunks: DirectoryEntry[], key: IndexKey): number {
  let low = 0;
  let high = chunks.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (compareKeys(chunks[middle]!.first, key) <= 0) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * A chunk's keys, without any that belong to the next chunk: a split interrupted after the
 * directory named the new chunk leaves the moved keys in the old one too.
 */
async function keysOf(chunks: DirectoryEntry[], chunk: string): Promise<IndexKey[]> {
  const entries = (await IndexChunk.findById(chunk).lean())?.entries ?? [];
  const next = chunks[chunks.findIndex((entry) => entry.chunk === chunk) + 1];
  return next ? entries.filter((key) => key < next.first) : entries;
}

const emptyDirectory = (list: string): IndexDirectoryFields => ({ _id: list, chunks: [], total: 0, nextChunk: 0 });

/** A list's directory: its chunks, size and counts (an empty one when the list has never held a key). */
export async function readDirectory(list: string): Promise<IndexDirectoryFields> {
  return (await IndexDirectory.findById(list).lean<IndexDirectoryFields>()) ?? emptyDirectory(list);
}

/** What a writer holding a list's lock knows of it: the directory and the chunks it has read. */
type Held = { directory: IndexDirectoryFields; loaded: Map<string, IndexKey[]> };

/** Applies one batch of changes to one list: reads each touched chunk at most once a turn, writes each once. */
async function applyBatch(list: string, held: Held, changes: ListChange[]): Promise<void> {
  const { directory, loaded } = held;
  const chunks = directory.chunks;
  const dirty = new Set<string>();
  const emptied = new Set<string>();
  const split = new Set<string>();
  const entriesOf = async (chunk: string) => {
    let entries = loaded.get(chunk);
    if (!entries) {
      entries = await keysOf(chunks, chunk);
      loaded.set(chunk, entries);
    }
    return entries;
  };
  // A list is counted from its first key on; one that holds keys but no counts stays uncounted until rebuilt.
  if (!directory.counts && directory.total === 0 && changes.some((change) => change.counts)) directory.counts = {};
  const count = (names: readonly string[] | undefined, by: number) => {
    if (!names || !directory.counts) return;
    for (const name of names) directory.counts[name] = (Object.hasOwn(directory.counts, name) ? directory.counts[name]! : 0) + by;
  };
  for (const { key, op, counts } of changes) {
    if (chunks.length === 0) {
      if (op === "remove") continue;
      const chunk = `${list}#${directory.nextChunk++}`;
      chunks.push({ chunk, first: key, count: 0 });
      loaded.set(chunk, []);
    }
    const at = chunkFor(chunks, key);
    const entry = chunks[at]!;
    const entries = await entriesOf(entry.chunk);
    const { index, found } = position(entries, key);
    if (op === "add" && !found) entries.splice(index, 0, key);
    else if (op === "remove" && found) entries.splice(index, 1);
    else continue;
    count(counts, op === "add" ? 1 : -1);
    dirty.add(entry.chunk);
    entry.count = entries.length;
    if (entries.length > 0) entry.first = entries[0]!;
    if (entries.length > MAX_CHUNK) {
      const chunk = `${list}#${directory.nextChunk++}`;
      const upper = entries.splice(entries.length >> 1);
      loaded.set(chunk, upper);
      split.add(chunk);
      entry.count = entries.length;
      chunks.splice(at + 1, 0, { chunk, first: upper[0]!, count: upper.length });
    } else if (entries.length === 0 && chunks.length > 1) {
      chunks.splice(at, 1);
      emptied.add(entry.chunk);
    }
  }
  if (dirty.size === 0 && emptied.size === 0) return;
  for (const chunk of emptied) loaded.delete(chunk);
  directory.total = chunks.reduce((sum, entry) => sum + entry.count, 0);
  const writeChunk = (chunk: string) => IndexChunk.replaceOne({ _id: chunk }, { _id: chunk, list, entries: loaded.get(chunk)! }, { upsert: true });
  const writeDirectory = () => IndexDirectory.replaceOne({ _id: list }, directory, { upsert: true });
  const changed = [...dirty].filter((chunk) => !emptied.has(chunk) && !split.has(chunk));
  if (split.size === 0) {
    await allEnded([...changed.map(writeChunk), ...[...emptied].map((chunk) => IndexChunk.deleteOne({ _id: chunk })), writeDirectory()]);
    return;
  }
  // A split moves keys to a new chunk: written first, then named by the directory, and only then
  // taken out of the old chunk, so a crash between two writes never loses a key (a key left twice
  // is read once: see keysOf).
  await allEnded([...split].map(writeChunk));
  await writeDirectory();
  await allEnded([...changed.map(writeChunk), ...[...emptied].map((chunk) => IndexChunk.deleteOne({ _id: chunk }))]);
}

/**
 * Lists that share a lock: every writer of them, and their rebuild, holds `lock`, never a list's own.
 * Without one, each list has its own lock.
 */
export type SharedLock = { lock: string };

const listLock = (list: string) => `list:${list}`;

function byList(changes: ListChange[]): Map<string, ListChange[]> {
  const lists = new Map<string, ListChange[]>();
  for (const change of changes) {
    const listChanges = lists.get(change.list);
    if (listChanges) listChanges.push(change);
    else lists.set(change.list, [change]);
  }
  return lists;
}

/**
 * Awaits writes sent at once and fails, as Promise.all would, but only once all have ended: the
 * lock must not be let go while a write is still on its way.
 */
async function allEnded(writes: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(writes)).find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * Batches of changes to the lists under one lock, applied in its turns (lib/storage/turns-under-lock.ts): a
 * list is read when a turn first changes it, and its writes run beside the other lists' of the batch.
 */
const enqueue = inTurnsUnderLock<ListChange, Map<string, Held>>((lock) => lock, "The shop is busy; try again in a moment.", {
  begin: async () => new Map(),
  apply: async (_lock, held, changes) => {
    await allEnded(
      [...byList(changes)].map(async ([list, listChanges]) => {
        let listHeld = held.get(list);
        if (!listHeld) {
          listHeld = { directory: await readDirectory(list), loaded: new Map() };
          held.set(list, listHeld);
        }
        await applyBatch(list, listHeld, listChanges);
      }),
    );
  },
});

/** Adds and removes keys, in order per list; resolves once every list has them. Lists that share a lock name it. */
export async function changeLists(changes: ListChange[], shared?: SharedLock): Promise<void> {
  await connectDb();
  if (shared) return enqueue(shared.lock, changes);
  await Promise.all([...byList(changes)].map(([list, listChanges]) => enqueue(listLock(list), listChanges)));
}

export type ListPage = { keys: IndexKey[]; total: number };

/**
 * `limit` keys from `offset`, counted from the smallest key, or from the largest when `descending`
 * (then the keys come largest first). Reads the directory and the chunks the page covers.
 */
export async function readList(list: string, { offset, limit, descending = false }: { offset: number; limit: number; descending?: boolean }): Promise<ListPage> {
  await connectDb();
  const directory = await readDirectory(list);
  const total = directory.total;
  const start = descending ? Math.max(0, total - offset - limit) : offset;
  const end = descending ? total - offset : Math.min(total, offset + limit);
  if (end <= start) return { keys: [], total };
  const wanted: { chunk: string; from: number; to: number }[] = [];
  let before = 0;
  for (const entry of directory.chunks) {
    const after = before + entry.count;
    if (after > start && before < end) wanted.push({ chunk: entry.chunk, from: Math.max(0, start - before), to: Math.min(entry.count, end - before) });
    if (after >= end) break;
    before = after;
  }
  const parts = await Promise.all(wanted.map(async ({ chunk, from, to }) => (await keysOf(directory.chunks, chunk)).slice(from, to)));
  const keys = parts.flat();
  return { keys: descending ? keys.reverse() : keys, total };
}

/**
 * Of these entries, those whose key is not in its list: per list its directory and the chunks the
 * keys fall in, each read once. For a writer that must know its lists are whole, not only its documents.
 */
export async function missingEntries<T extends { list: string; key: IndexKey }>(entries: T[]): Promise<T[]> {
  await connectDb();
  const lists = new Map<string, T[]>();
  for (const entry of entries) (lists.get(entry.list) ?? lists.set(entry.list, []).get(entry.list)!).push(entry);
  const missing = await Promise.all(
    [...lists].map(async ([list, wanted]) => {
      const { chunks } = await readDirectory(list);
      if (chunks.length === 0) return wanted;
      const read = new Map<string, Promise<IndexKey[]>>();
      const keysIn = (chunk: string) => read.get(chunk) ?? read.set(chunk, keysOf(chunks, chunk)).get(chunk)!;
      const found = await Promise.all(wanted.map(async (entry) => position(await keysIn(chunks[chunkFor(chunks, entry.key)]!.chunk), entry.key).found));
      return wanted.filter((_entry, i) => !found[i]);
    }),
  );
  return missing.flat();
}

/** How many keys a list holds: one directory read. */
export async function listSize(list: string): Promise<number> {
  await connectDb();
  return (await IndexDirectory.findById(list, { total: 1 }).lean<{ total: number }>())?.total ?? 0;
}

/** What a key bears that its list counts, for lists that keep counts (ListChange.counts). */
export type CountsOf = (list: string, key: IndexKey) => readonly string[] | undefined;

const REBUILD_BUSY = "The list is being changed; try again.";

/** Replaces a whole list with these keys (sorted here), counted by `countsOf` if given, for `npm run reindex`. */
export async function rebuildList(list: string, keys: IndexKey[], countsOf?: CountsOf): Promise<void> {
  await connectDb();
  await withLock(listLock(list), REBUILD_BUSY, () => rebuildHeld(list, keys, countsOf));
}

/** rebuildList, its lock held. */
async function rebuildHeld(list: string, keys: IndexKey[], countsOf?: CountsOf): Promise<void> {
  const sorted = [...keys].sort(compareKeys);
  const directory = emptyDirectory(list);
  if (countsOf && sorted.some((key) => countsOf(list, key))) {
    const counts: Record<string, number> = {};
    for (const key of sorted) for (const name of countsOf(list, key) ?? []) counts[name] = (Object.hasOwn(counts, name) ? counts[name]! : 0) + 1;
    directory.counts = counts;
  }
  const writes = [];
  for (let from = 0; from < sorted.length; from += FILL) {
    const entries = sorted.slice(from, from + FILL);
    const chunk = `${list}#${directory.nextChunk++}`;
    directory.chunks.push({ chunk, first: entries[0]!, count: entries.length });
    writes.push({ _id: chunk, list, entries });
  }
  directory.total = sorted.length;
  await IndexChunk.deleteMany({ list });
  for (let from = 0; from < writes.length; from += 100) await IndexChunk.insertMany(writes.slice(from, from + 100));
  await IndexDirectory.replaceOne({ _id: list }, directory, { upsert: true });
}

/** Lists a reindex rebuilds at once: each is a few writes. */
const REBUILDS_AT_ONCE = 16;
/** Keys rebuilt in one hold of a shared lock (a list longer than this alone): seconds of writes, well inside the lock's expiry. */
const KEYS_PER_HOLD = 50_000;

/** The next lists to rebuild in one hold of a shared lock: up to REBUILDS_AT_ONCE, and KEYS_PER_HOLD keys unless one list alone has more. */
function nextGroup(queue: [string, IndexKey[]][]): [string, IndexKey[]][] {
  let keys = 0;
  let size = 0;
  while (size < queue.length && size < REBUILDS_AT_ONCE && (size === 0 || keys + queue[size]![1].length <= KEYS_PER_HOLD)) keys += queue[size++]![1].length;
  return queue.splice(0, size);
}

/**
 * Rebuilds many lists, REBUILDS_AT_ONCE at a time (`npm run reindex`): each under its own lock, or,
 * lists that share a lock, a group of them at a time under it.
 */
export async function rebuildLists(lists: Iterable<[string, IndexKey[]]>, countsOf?: CountsOf, shared?: SharedLock): Promise<void> {
  await connectDb();
  const queue = [...lists];
  if (shared) {
    for (let group = nextGroup(queue); group.length > 0; group = nextGroup(queue)) {
      await withLock(shared.lock, REBUILD_BUSY, () => allEnded(group.map(([list, keys]) => rebuildHeld(list, keys, countsOf))));
    }
    return;
  }
  await Promise.all(
    Array.from({ length: REBUILDS_AT_ONCE }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await rebuildList(next[0], next[1], countsOf);
    }),
  );
}
