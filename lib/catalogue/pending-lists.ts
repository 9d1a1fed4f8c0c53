import "server-only";
import type { Types } from "mongoose";
import { partsChanged } from "@/lib/cache/tags";
import { rememberBrands } from "@/lib/catalogue/brands";
import { LISTED_FIELDS, type ListedPart, listChanges, listEntriesOf } from "@/lib/catalogue/lists";
import { compactNumber } from "@/lib/catalogue/part-numbers";
import { claimSku, releaseSku } from "@/lib/catalogue/sku-claims";
import { noteWrite, pendingWrite, writeDone } from "@/lib/storage/list-journal";
import { changeLists, type ListChange } from "@/lib/storage/ordered-index";
import { ConflictError } from "@/lib/errors";
import { addToMenus } from "@/lib/fitment/menus";
import { dropFitment, partKeyAsStored } from "@/lib/fitment/part-changes";
import { fitmentAsStored, type NotedFitment } from "@/lib/fitment/pending";
import { withPartLock } from "@/lib/stock/part-stock";
import { Part } from "@/models/Part";

// The writes of a part and of its fitment, each noted before its documents (lib/storage/list-journal.ts),
// under the part's lock. Every such writer takes the lock through withPartListsLock, which first
// completes a write the last holder left cut short; start-up completes the rest.

export type PartNote = {
  /** A write of the part itself, and the part as it was before it (null: a part being added). */
  part?: { before: ListedPart | null };
  /** A write of these fitment documents of the part. */
  fitment?: NotedFitment[];
};

export const PART_NOTE_PREFIX = "part:";
const noteId = (partId: Types.ObjectId | string) => `${PART_NOTE_PREFIX}${String(partId).toLowerCase()}`;

/** Notes a write of the part or its fitment, before its documents; call holding withPartListsLock. Returns what ends it once the lists are written. */
export async function notePartWrite(partId: Types.ObjectId | string, note: PartNote): Promise<() => Promise<void>> {
  const token = await noteWrite(noteId(partId), note);
  return () => writeDone(noteId(partId), token);
}

/** The part's lists and menus made to agree with its documents as they are, after a write cut short. */
async function completeLocked(partId: string, note: PartNote): Promise<void> {
  const after = await Part.findById(partId, LISTED_FIELDS).lean<ListedPart>();
  const changes: ListChange[] = [];
  const before = note.part?.before ?? null;
  if (note.part) {
    // Every entry of the part as it is, and those of the part as it was that it no longer has.
    changes.push(...listChanges(before, after).filter((change) => change.op === "remove"));
    if (after) changes.push(...listEntriesOf(after).map((entry): ListChange => ({ ...entry, op: "add" })), ...(await partKeyAsStored(before, after)));
    if (before?.sku && compactNumber(before.sku) !== compactNumber(after?.sku ?? "")) await releaseSku(before.sku, before._id);
    if (after?.sku) await claimSku(after.sku, after._id).catch((error: unknown) => {
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
  await changeLists(changes);
  if (!after && before) await dropFitment(before);
  await partsChanged(partId);
}

/** Completes the part's write cut short, if any; call holding the part's lock. Whether there was one. */
async function completePartWriteLocked(partId: string): Promise<boolean> {
  const noted = await pendingWrite<PartNote>(noteId(partId));
  if (!noted) return false;
  await completeLocked(partId, noted.entry);
  await writeDone(noted._id, noted.token);
  console.warn(`[catalogue] completed the lists of part ${partId}, whose write was cut short`);
  return true;
}

/**
 * Runs `work`, which writes the part or its fitment, holding the part's lock, once a write of it
 * cut short (a crash, the database gone) is completed.
 */
export function withPartListsLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  return withPartLock(partId, async () => {
    await completePartWriteLocked(String(partId));
    return work();
  });
}

/** For start-up: completes the part's write cut short, under its lock. Whether there was one. */
export function completePartWrite(partId: string): Promise<boolean> {
  return withPartLock(partId, () => completePartWriteLocked(partId));
}
