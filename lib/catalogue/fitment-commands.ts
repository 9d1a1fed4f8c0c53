import "server-only";
import { allEnded } from "@/lib/storage/all-ended";
import { partsChanged } from "@/lib/cache/tags";
import { notePartWrite, withPartListsLock } from "@/lib/catalogue/part-writes";
import { LISTED_FIELDS, type ListedPart } from "@/lib/parts/listed-part";
import { searchEntry } from "@/lib/parts/search-entry";
import { connectDb } from "@/lib/storage/connect";
import { findEachById } from "@/lib/storage/each-by-id";
import { keepLists, type ListChange, missingFromLists } from "@/lib/storage/ordered-lists";
import { NotFoundError } from "@/lib/errors";
import { engineOnlyChanges, fitmentEntries, fitmentId, fitmentIdsOf, fittingList, modelYearOf, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { addToMenus } from "@/lib/fitment/menus";
import { notedFitment, type NotedFitment } from "@/lib/fitment/noted-fitment";
import { expandRows, fitmentDocsOf } from "@/lib/fitment/rows";
import { modelYearKey } from "@/lib/vocabulary/vehicles";
import type { FitmentRow } from "@/lib/validation/fitment";
import { Fitment, type FitmentApplication, type FitmentFields } from "@/models/Fitment";
import { Part } from "@/models/Part";

// An admin's changes to what a part fits. Each runs under the part's lock, so two admins (or an
// import and an admin) editing one part's fitment never lose each other's rows; each is noted before
// its documents are written and its lists after them, so one cut short is completed by the part's
// next writer or at start-up (lib/catalogue/part-writes.ts).

const sameApplication = (a: FitmentApplication, b: FitmentApplication) => a.engine === b.engine && (a.position ?? "") === (b.position ?? "");

async function lockedPart(partId: string): Promise<ListedPart> {
  const part = await Part.findById(partId, LISTED_FIELDS).lean<ListedPart>();
  if (!part) throw new NotFoundError("There is no part with this id.");
  return part;
}

export type FitmentAdded = { modelYears: number; added: number; updated: number; unchanged: number };

/**
 * Adds fitment rows to a part; a row it already has (same model year, engine and position) gets the
 * new note. A model year the part has already is written only when its rows changed or when its lists
 * lack it (a write cut short before this one's note existed): its rows then count as updated.
 */
export async function addFitment(partId: string, rows: FitmentRow[]): Promise<FitmentAdded> {
  await connectDb();
  const expanded = expandRows(rows);
  return withPartListsLock(partId, async () => {
    const part = await lockedPart(partId);
    const wanted = fitmentDocsOf(part._id, expanded);
    const existing = new Map((await findEachById<FitmentFields>(Fitment, wanted.map((doc) => doc._id))).map((doc) => [doc._id, doc]));
    const counts = { added: 0, updated: 0, unchanged: 0 };
    const changes: ListChange[] = [];
    const writes: FitmentFields[] = [];
    const noted: NotedFitment[] = [];
    const stored: { doc: FitmentFields; unchanged: number; written: boolean }[] = [];
    for (const doc of wanted) {
      const before = existing.get(doc._id);
      const merged = [...(before?.applications ?? [])];
      const docCounts = { added: 0, updated: 0, unchanged: 0 };
      for (const application of doc.applications) {
        const at = merged.findIndex((known) => sameApplication(known, application));
        if (at === -1) docCounts.added += 1;
        else if (merged[at]!.note === application.note) docCounts.unchanged += 1;
        else docCounts.updated += 1;
        if (at === -1) merged.push(application);
        else merged[at] = application;
      }
      counts.added += docCounts.added;
      counts.updated += docCounts.updated;
      const written = !before || docCounts.added + docCounts.updated > 0;
      // The names as first spelled stay: a later row's "HONDA" does not rename Honda.
      const final = written ? { ...doc, makeName: before?.makeName ?? doc.makeName, modelName: before?.modelName ?? doc.modelName, applications: merged } : before;
      if (before) stored.push({ doc: final, unchanged: docCounts.unchanged, written });
      else counts.unchanged += docCounts.unchanged;
      if (!written) continue;
      writes.push(final);
      noted.push(notedFitment(partId, final, before ?? null));
      if (!before) changes.push(...fitmentEntries(part, doc, "add"));
      changes.push(...engineOnlyChanges(before ?? null, final));
    }
    // A model year the part had already may be missing from its lists (a write cut short before
    // writes were noted): its entries go in again, and its rows are not "already there".
    const unlisted = await unlistedOf(part, stored.map(({ doc }) => doc));
    for (const { doc, unchanged, written } of stored) {
      const missing = unlisted.get(doc._id);
      if (missing) changes.push(...missing);
      if (missing && !written) {
        counts.updated += unchanged;
        noted.push(notedFitment(partId, doc, doc));
      } else counts.unchanged += unchanged;
    }
    const done = noted.length > 0 ? await notePartWrite(partId, { fitment: noted }) : null;
    await allEnded(writes.map((doc) => Fitment.replaceOne({ _id: doc._id }, doc, { upsert: true })));
    await addToMenus(expanded.map(({ vehicle }) => vehicle));
    await keepLists(changes);
    await partsChanged(partId);
    await done?.();
    return { modelYears: wanted.length, ...counts };
  });
}

/** Of these stored documents, those whose entries the lists lack, with the entries to add. */
async function unlistedOf(part: ListedPart, docs: FitmentFields[]): Promise<Map<string, ListChange[]>> {
  const expected = docs.flatMap((doc) => [...fitmentEntries(part, doc, "add"), ...engineOnlyChanges(null, doc)].map((change) => ({ ...change, doc: doc._id })));
  const unlisted = new Map<string, ListChange[]>();
  for (const { doc, ...change } of await missingFromLists(expected)) unlisted.set(doc, [...(unlisted.get(doc) ?? []), change]);
  return unlisted;
}

export type FitmentRemoval = { year: number; make: string; model: string; engine?: string; position?: string };

/**
 * Takes a model year off a part's fitment: all of it, or only the applications of one engine
 * (slug) and/or position. How many applications went; a NotFoundError when none matched.
 */
export async function removeFitment(partId: string, removal: FitmentRemoval): Promise<{ removed: number }> {
  await connectDb();
  return withPartListsLock(partId, async () => {
    const part = await lockedPart(partId);
    const id = fitmentId(partId, modelYearKey(removal));
    const doc = await Fitment.findById(id).lean<FitmentFields>();
    const matches = (application: FitmentApplication) =>
      (removal.engine === undefined || application.engine === removal.engine) && (removal.position === undefined || (application.position ?? "") === removal.position);
    const kept = doc?.applications.filter((application) => !matches(application)) ?? [];
    const removed = (doc?.applications.length ?? 0) - kept.length;
    if (!doc || removed === 0) throw new NotFoundError("This part has no fitment for that vehicle.");
    const done = await notePartWrite(partId, { fitment: [notedFitment(partId, doc, doc)] });
    if (kept.length > 0) {
      await Fitment.updateOne({ _id: id }, { $set: { applications: kept } });
      await keepLists(engineOnlyChanges(doc, { ...doc, applications: kept }));
    } else {
      await Fitment.deleteOne({ _id: id });
      await keepLists([...fitmentEntries(part, doc, "remove"), ...engineOnlyChanges(doc, null)]);
    }
    await partsChanged(partId);
    await done();
    return { removed };
  });
}

/**
 * Marks a part universal (it fits every vehicle) or not. Its fitment rows are kept: they come back
 * into their vehicles' lists when it is no longer universal.
 */
export async function setUniversal(partId: string, universal: boolean): Promise<void> {
  await connectDb();
  await withPartListsLock(partId, async () => {
    const part = await lockedPart(partId);
    if (Boolean(part.universal) === universal) return;
    const done = await notePartWrite(partId, { part: { before: part } });
    // false is kept, not unset: the seed gives its universal parts that mark only to parts never marked.
    await Part.updateOne({ _id: part._id }, { $set: { universal } });
    const entry = searchEntry(part);
    const intoVehicles: ListChange["op"] = universal ? "remove" : "add";
    const vehicleLists = (await fitmentIdsOf(partId)).map((id) => fittingList(modelYearOf(id)).change(entry, intoVehicles));
    await keepLists([UNIVERSAL_LIST.change(entry, universal ? "add" : "remove"), ...vehicleLists]);
    await partsChanged(partId);
    await done();
  });
}
