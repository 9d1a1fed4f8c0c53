import "server-only";
import { randomUUID } from "node:crypto";
import { ListJournal } from "@/lib/storage/models/ListJournal";

// A document and then its lists (lib/storage/ordered-index.ts) cannot be one write here (FerretDB has no
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
