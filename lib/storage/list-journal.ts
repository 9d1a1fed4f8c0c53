import "server-only";
import { randomUUID } from "node:crypto";
import { allEnded } from "@/lib/storage/all-ended";
import { bulkWriteInSlices } from "@/lib/storage/bulk-writes";
import { ListJournal } from "@/lib/storage/models/ListJournal";

// A document and then its lists (lib/storage/ordered-lists.ts) cannot be one write here (FerretDB has no
// transactions), so a crash between them would leave lists that disagree with their documents, and
// a later identical write, finding the document as wanted, would change nothing. So, under the
// lock of the thing written, its writer notes what it is about to change BEFORE the document; once
// the lists are written it removes the note. A note still there means a write was cut short: the
// thing's next writer, a retry, or start-up completes it, making the lists agree with the documents
// as they are, then removes it. A note is removed by its token only, so never a later writer's.

export type Noted<T> = { _id: string; token: string; entry: T };

/** Notes a write about to start; the token removes the note once its lists are written. */
export async function noteWrite<T>(id: string, entry: T): Promise<string> {
  const token = randomUUID();
  await ListJournal.replaceOne({ _id: id }, { _id: id, token, entry, at: new Date() }, { upsert: true });
  return token;
}

/** The write's lists are written: its note goes. */
export async function writeDone(id: string, token: string): Promise<void> {
  await ListJournal.deleteOne({ _id: id, token });
}

/**
 * Notes many writes about to start, in one write, under one token: for a batch of things written
 * together (a catalogue import's parts), whose notes then go together with `writesDone`.
 */
export async function noteWrites<T>(notes: readonly { id: string; entry: T }[]): Promise<string> {
  const token = randomUUID();
  const at = new Date();
  await bulkWriteInSlices(ListJournal, notes.map(({ id, entry }) => ({ replaceOne: { filter: { _id: id }, replacement: { _id: id, token, entry, at }, upsert: true } })));
  return token;
}

/** The writes noted together under this token have their lists written: their notes go, in one delete (the journal holds only writes in progress). */
export async function writesDone(token: string): Promise<void> {
  await ListJournal.deleteMany({ token });
}


/** The note of a write cut short on this thing, if any. */
export async function pendingWrite<T>(id: string): Promise<Noted<T> | null> {
  return ListJournal.findById(id).lean<Noted<T>>();
}

/** Notes read at start-up: writes in progress at one moment, a handful. */
export const NOTES_READ_AT_START_UP = 1000;

/** The ids of the notes left, for start-up to complete. */
export async function pendingWriteIds(): Promise<string[]> {
  const notes = await ListJournal.find({}, { _id: 1 }).limit(NOTES_READ_AT_START_UP).lean<{ _id: string }[]>();
  return notes.map((note) => note._id);
}

/**
 * Writes of one kind of thing (a part, an account, the reviews) and their lists, journalled: each
 * is noted before its documents and the note removed once its lists are written; a note left by a
 * write cut short is completed by `complete`, from the documents as they are, by the thing's next
 * writer (completeCutShort, holding the thing's lock) or at start-up.
 */
export type WriteJournal<N> = {
  /** Notes a write of `id` about to start; what it returns ends the write once its lists are written. The token marks what the write changes in one write with it (see the reviews' totals). */
  begin(id: string, note: N): Promise<{ token: string; done: () => Promise<void> }>;
  /** Ends the write of `id` that `begin` gave this token: its lists are written. */
  end(id: string, token: string): Promise<void>;
  /** Completes the write of `id` cut short, if any, and removes its note; whether there was one. Call holding the thing's lock. */
  completeCutShort(id: string): Promise<boolean>;
  /** Notes writes of many things about to start, together; what it returns ends them all once their lists are written. */
  beginMany(notes: ReadonlyMap<string, N>): Promise<() => Promise<void>>;
  /** Of these things, those with a write cut short, and its note (one read by id each: `$in` would scan on the embedded engine). */
  cutShortAmong(ids: readonly string[]): Promise<Map<string, Noted<N>>>;
  /** Removes these notes, each by its token, once the writes they noted are completed. */
  endAll(notes: readonly Noted<N>[]): Promise<void>;
  /** The thing a note left at start-up is about, when the note is this journal's; else null. */
  thingOf(noteId: string): string | null;
};

/** A journal of writes whose notes are named `prefix` + the thing's id. */
export function writeJournal<N>(prefix: string, complete: (id: string, note: N, token: string) => Promise<void>): WriteJournal<N> {
  return {
    begin: async (id, note) => {
      const token = await noteWrite(`${prefix}${id}`, note);
      return { token, done: () => writeDone(`${prefix}${id}`, token) };
    },
    end: (id, token) => writeDone(`${prefix}${id}`, token),
    beginMany: async (notes) => {
      const token = await noteWrites([...notes].map(([id, entry]) => ({ id: `${prefix}${id}`, entry })));
      return () => writesDone(token);
    },
    cutShortAmong: async (ids) => {
      const notes = await Promise.all(ids.map((id) => pendingWrite<N>(`${prefix}${id}`)));
      return new Map(ids.flatMap((id, i) => (notes[i] ? [[id, notes[i]] as const] : [])));
    },
    endAll: async (notes) => {
      // All ended before a failure is thrown: a retry must not overlap deletes still on their way.
      await allEnded(notes.map((noted) => writeDone(noted._id, noted.token)));
    },
    completeCutShort: async (id) => {
      const noted = await pendingWrite<N>(`${prefix}${id}`);
      if (!noted) return false;
      await complete(id, noted.entry, noted.token);
      await writeDone(noted._id, noted.token);
      return true;
    },
    thingOf: (noteId) => (noteId.startsWith(prefix) ? noteId.slice(prefix.length) : null),
  };
}
