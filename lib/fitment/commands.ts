import "server-only";
import { partsChanged } from "@/lib/cache/tags";
import { LISTED_FIELDS, type ListedPart, searchKey } from "@/lib/catalogue/lists";
import { connectDb } from "@/lib/db/connect";
import { findEachById } from "@/lib/db/each-by-id";
import { changeLists, type ListChange } from "@/lib/db/ordered-index";
import { NotFoundError } from "@/lib/errors";
import { engineOnlyChanges, fitmentEntries, fitmentId, fitmentIdsOf, fittingList, modelYearOf, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { addToMenus } from "@/lib/fitment/menus";
import { expandRows, fitmentDocsOf } from "@/lib/fitment/rows";
import { modelYearKey } from "@/lib/fitment/vehicles";
import { withPartLock } from "@/lib/stock/part-lock";
import type { FitmentRow } from "@/lib/validation/fitment";
import { Fitment, type FitmentApplication, type FitmentFields } from "@/models/Fitment";
import { Part } from "@/models/Part";

// An admin's changes to what a part fits. Each runs under the part's lock, so two admins (or an
// import and an admin) editing one part's fitment never lose each other's rows; documents are
// written before the lists, and `npm run reindex` rebuilds the lists from the documents.

const sameApplication = (a: FitmentApplication, b: FitmentApplication) => a.engine === b.engine && (a.position ?? "") === (b.position ?? "");

async function lockedPart(partId: string): Promise<ListedPart> {
  const part = await Part.findById(partId, LISTED_FIELDS).lean<ListedPart>();
  if (!part) throw new NotFoundError("There is no part with this id.");
  return part;
}

export type FitmentAdded = { modelYears: number; added: number; updated: number; unchanged: number };

/** Adds fitment rows to a part; a row it already has (same model year, engine and position) gets the new note. */
export async function addFitment(partId: string, rows: FitmentRow[]): Promise<FitmentAdded> {
  await connectDb();
  const expanded = expandRows(rows);
  return withPartLock(partId, async () => {
    const part = await lockedPart(partId);
    const wanted = fitmentDocsOf(part._id, expanded);
    const existing = new Map((await findEachById<FitmentFields>(Fitment, wanted.map((doc) => doc._id))).map((doc) => [doc._id, doc]));
    const counts = { added: 0, updated: 0, unchanged: 0 };
    const changes: ListChange[] = [];
    await Promise.all(
      wanted.map(async (doc) => {
        const before = existing.get(doc._id);
        const merged = [...(before?.applications ?? [])];
        for (const application of doc.applications) {
          const at = merged.findIndex((known) => sameApplication(known, application));
          if (at === -1) counts.added += 1;
          else if (merged[at]!.note === application.note) counts.unchanged += 1;
          else counts.updated += 1;
          if (at === -1) merged.push(application);
          else merged[at] = application;
        }
        // The names as first spelled stay: a later row's "HONDA" does not rename Honda.
        const stored = { ...doc, makeName: before?.makeName ?? doc.makeName, modelName: before?.modelName ?? doc.modelName, applications: merged };
        await Fitment.replaceOne({ _id: doc._id }, stored, { upsert: true });
        if (!before) changes.push(...fitmentEntries(part, doc, "add"));
        changes.push(...engineOnlyChanges(before ?? null, stored));
      }),
    );
    await addToMenus(expanded.map(({ vehicle }) => vehicle));
    await changeLists(changes);
    await partsChanged(partId);
    return { modelYears: wanted.length, ...counts };
  });
}

export type FitmentRemoval = { year: number; make: string; model: string; engine?: string; position?: string };

/**
 * Takes a model year off a part's fitment: all of it, or only the applications of one engine
 * (slug) and/or position. How many applications went; a NotFoundError when none matched.
 */
export async function removeFitment(partId: string, removal: FitmentRemoval): Promise<{ removed: number }> {
  await connectDb();
  return withPartLock(partId, async () => {
    const part = await lockedPart(partId);
    const id = fitmentId(partId, modelYearKey(removal));
    const doc = await Fitment.findById(id).lean<FitmentFields>();
    const matches = (application: FitmentApplication) =>
      (removal.engine === undefined || application.engine === removal.engine) && (removal.position === undefined || (application.position ?? "") === removal.position);
    const kept = doc?.applications.filter((application) => !matches(application)) ?? [];
    const removed = (doc?.applications.length ?? 0) - kept.length;
    if (!doc || removed === 0) throw new NotFoundError("This part has no fitment for that vehicle.");
    if (kept.length > 0) {
      await Fitment.updateOne({ _id: id }, { $set: { applications: kept } });
      await changeLists(engineOnlyChanges(doc, { ...doc, applications: kept }));
    } else {
      await Fitment.deleteOne({ _id: id });
      await changeLists([...fitmentEntries(part, doc, "remove"), ...engineOnlyChanges(doc, null)]);
    }
    await partsChanged(partId);
    return { removed };
  });
}

/**
 * Marks a part universal (it fits every vehicle) or not. Its fitment rows are kept: they come back
 * into their vehicles' lists when it is no longer universal.
 */
export async function setUniversal(partId: string, universal: boolean): Promise<void> {
  await connectDb();
  await withPartLock(partId, async () => {
    const part = await lockedPart(partId);
    if (Boolean(part.universal) === universal) return;
    // false is kept, not unset: the seed gives its universal parts that mark only to parts never marked.
    await Part.updateOne({ _id: part._id }, { $set: { universal } });
    const key = searchKey(part);
    const intoVehicles: ListChange["op"] = universal ? "remove" : "add";
    const vehicleLists = (await fitmentIdsOf(partId)).map((id): ListChange => ({ list: fittingList(modelYearOf(id)), key, op: intoVehicles }));
    await changeLists([{ list: UNIVERSAL_LIST, key, op: universal ? "add" : "remove" }, ...vehicleLists]);
    await partsChanged(partId);
  });
}
