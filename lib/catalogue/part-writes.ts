import "server-only";
import type { Types } from "mongoose";
import { partsChanged } from "@/lib/cache/tags";
import { rememberBrands } from "@/lib/catalogue/brands";
import { listChanges, partListChanges } from "@/lib/catalogue/lists";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { claimSku, releaseSku } from "@/lib/catalogue/sku-claims";
import { ConflictError } from "@/lib/errors";
import { addToMenus } from "@/lib/fitment/menus";
import { allEnded } from "@/lib/storage/all-ended";
import { dropFitment, partKeyAsStored, refitPartKeys } from "@/lib/fitment/part-changes";
import { fitmentAsStored, type NotedFitment } from "@/lib/fitment/noted-fitment";
import { LISTED_FIELDS, type ListedPart } from "@/lib/parts/listed-part";
import { writeJournal } from "@/lib/storage/list-journal";
import { keepLists, type ListChange } from "@/lib/storage/ordered-lists";
import { withPartLock } from "@/lib/stock/part-stock";
import { Part } from "@/models/Part";

// The writes of a part and of its fitment, each journalled (lib/storage/list-journal.ts) under the
// part's lock. Every such writer takes the lock through withPartListsLock, which first completes a
// write the last holder left cut short; start-up completes the rest.

export type PartNote = {
  /** A write of the part itself, and the part as it was before it (null: a part being added). */
  part?: { before: ListedPart | null };
  /** A write of these fitment documents of the part. */
  fitment?: NotedFitment[];
};

/**
 * What follows from a part's write, in one place: its brand in the brands' menu, its entries in
 * the catalogue's lists (lib/catalogue/lists.ts), its entry in the lists of the vehicles it fits,
 * and, once it is deleted, its fitment. `before`/`after` null: the part added, deleted.
 */
export async function followPart(before: ListedPart | null, after: ListedPart | null): Promise<void> {
  if (after) await rememberBrands([after.brand]);
  await keepLists(listChanges(before, after));
  if (before && after) await refitPartKeys(before, after);
  if (before && !after) await dropFitment(before);
}

/**
 * What makes the part's lists and menus agree with its documents as they are, after a write cut
 * short: the list changes, and what follows once they are written. Menus and SKU claims are set here.
 */
async function completionOf(partId: string, note: PartNote, lockedHere: ReadonlySet<string> = new Set()): Promise<{ changes: ListChange[]; finish: () => Promise<void> }> {
  const after = await Part.findById(partId, LISTED_FIELDS).lean<ListedPart>();
  const changes: ListChange[] = [];
  const before = note.part?.before ?? null;
  if (note.part) {
    // Every entry of the part as it is, and those of the part as it was that it no longer has.
    changes.push(...listChanges(before, after).filter((change) => change.op === "remove"));
    if (after) changes.push(...partListChanges(after, "add"), ...(await partKeyAsStored(before, after)));
    if (before?.sku && compactNumber(before.sku) !== compactNumber(after?.sku ?? "")) await releaseSku(before.sku, before._id);
    if (after?.sku) await claimSku(after.sku, after._id, lockedHere).catch((error: unknown) => {
      if (!(error instanceof ConflictError)) throw error;
      console.error(`[catalogue] part ${partId} bears the SKU ${after.sku}, which another part claimed while its write was cut short`);
    });
    if (after) await rememberBrands([after.brand]);
  }
  if (note.fitment) {
    const { changes: fitment, vehicles } = await fitmentAsStored(partId, after, note.fitment);
    await addToMenus(vehicles);
    changes.push(...fitment);
  }
  const finish = async () => {
    if (!after && before) await dropFitment(before);
    await partsChanged(partId);
    console.warn(`[catalogue] completed the lists of part ${partId}, whose write was cut short`);
  };
  return { changes, finish };
}

/** The part's lists and menus made to agree with its documents as they are, after a write cut short. */
async function completePartWrite(partId: string, note: PartNote): Promise<void> {
  const { changes, finish } = await completionOf(partId, note);
  await keepLists(changes);
  await finish();
}

/**
 * Completes the writes cut short of these parts, whose locks the caller holds, together: their lists
 * in one call (a batch of parts written together and cut short is completed as it was written).
 */
export async function completeCutShortPartWritesTogether(partIds: string[]): Promise<void> {
  const notes = await partWrites.cutShortAmong(partIds.map(thing));
  if (notes.size === 0) return;
  // The SKU a part bears may be claimed by another of these parts, whose lock is this caller's: it is read, not waited for.
  const lockedHere = new Set(partIds.map(thing));
  const completing = [...notes].map(([id, noted]) => completionOf(id, noted.entry, lockedHere));
  // Each completion may claim a SKU: all have ended before the caller's locks go or it retries.
  await allEnded(completing);
  const completions = await Promise.all(completing);
  await keepLists(completions.flatMap((completion) => completion.changes));
  for (const completion of completions) await completion.finish();
  await partWrites.endAll([...notes.values()]);
}

/** Notes named "part:" and the part's id, lower-cased. */
export const partWrites = writeJournal<PartNote>("part:", completePartWrite);
const thing = (partId: Types.ObjectId | string) => String(partId).toLowerCase();

/** Notes a write of the part or its fitment, before its documents; call holding withPartListsLock. Returns what ends it once the lists are written. */
export async function notePartWrite(partId: Types.ObjectId | string, note: PartNote): Promise<() => Promise<void>> {
  return (await partWrites.begin(thing(partId), note)).done;
}

/**
 * Runs `work`, which writes the part or its fitment, holding the part's lock, once a write of it
 * cut short (a crash, the database gone) is completed.
 */
export function withPartListsLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  return withPartLock(partId, async () => {
    await partWrites.completeCutShort(thing(partId));
    return work();
  });
}

/** For start-up: completes the part's write cut short, under its lock. Whether there was one. */
export function completeCutShortPartWrite(partId: string): Promise<boolean> {
  return withPartLock(partId, () => partWrites.completeCutShort(thing(partId)));
}
