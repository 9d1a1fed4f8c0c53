import "server-only";
import { partsChanged } from "@/lib/cache/tags";
import { LISTED_FIELDS, type ListedPart, searchKey } from "@/lib/catalogue/lists";
import { connectDb } from "@/lib/db/connect";
import { findEachById } from "@/lib/db/each-by-id";
import { changeLists, type ListChange } from "@/lib/db/ordered-index";
import { InvalidInputError, NotFoundError } from "@/lib/errors";
import { fitmentEntries, fitmentId, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { addToMenus, type NamedVehicle } from "@/lib/fitment/menus";
import { modelYearKey, slugOf } from "@/lib/fitment/vehicles";
import { withPartLock } from "@/lib/stock/part-lock";
import { type FitmentRow, MAX_MODEL_YEARS_PER_REQUEST } from "@/lib/validation/fitment";
import { Fitment, type FitmentApplication, type FitmentFields } from "@/models/Fitment";
import { Part } from "@/models/Part";

// An admin's changes to what a part fits. Each runs under the part's lock, so two admins (or an
// import and an admin) editing one part's fitment never lose each other's rows; documents are
// written before the lists, and `npm run reindex` rebuilds the lists from the documents.

const sameApplication = (a: FitmentApplication, b: FitmentApplication) => a.engine === b.engine && (a.position ?? "") === (b.position ?? "");

/** The rows, one entry per model year, each with the application it adds. */
function expand(rows: FitmentRow[]): { vehicle: NamedVehicle; application: FitmentApplication }[] {
  const expanded = rows.flatMap((row) =>
    Array.from({ length: (row.yearTo ?? row.yearFrom) - row.yearFrom + 1 }, (_, i) => {
      const vehicle: NamedVehicle = {
        year: row.yearFrom + i,
        make: slugOf(row.make),
        model: slugOf(row.model),
        engine: row.engine ? slugOf(row.engine) : "",
        makeName: row.make,
        modelName: row.model,
        engineName: row.engine,
      };
      const application: FitmentApplication = { engine: vehicle.engine, ...(row.engine ? { engineName: row.engine } : {}), ...(row.position ? { position: row.position } : {}), ...(row.note ? { note: row.note } : {}) };
      return { vehicle, application };
    }),
  );
  if (expanded.length > MAX_MODEL_YEARS_PER_REQUEST) throw new InvalidInputError(`rows: at most ${MAX_MODEL_YEARS_PER_REQUEST} model years a request (these rows span ${expanded.length}); send them in several requests.`);
  return expanded;
}

async function lockedPart(partId: string): Promise<ListedPart> {
  const part = await Part.findById(partId, LISTED_FIELDS).lean<ListedPart>();
  if (!part) throw new NotFoundError("There is no part with this id.");
  return part;
}

export type FitmentAdded = { modelYears: number; added: number; updated: number; unchanged: number };

/** Adds fitment rows to a part; a row it already has (same model year, engine and position) gets the new note. */
export async function addFitment(partId: string, rows: FitmentRow[]): Promise<FitmentAdded> {
  await connectDb();
  const expanded = expand(rows);
  return withPartLock(partId, async () => {
    const part = await lockedPart(partId);
    const byDoc = new Map<string, { vehicle: NamedVehicle; applications: FitmentApplication[] }>();
    for (const { vehicle, application } of expanded) {
      const id = fitmentId(partId, modelYearKey(vehicle));
      const entry = byDoc.get(id) ?? { vehicle, applications: [] };
      entry.applications.push(application);
      byDoc.set(id, entry);
    }
    const existing = new Map((await findEachById<FitmentFields>(Fitment, [...byDoc.keys()])).map((doc) => [doc._id, doc]));
    let added = 0;
    let updated = 0;
    let unchanged = 0;
    const changes: ListChange[] = [];
    await Promise.all(
      [...byDoc].map(async ([id, { vehicle, applications }]) => {
        const before = existing.get(id);
        const merged = [...(before?.applications ?? [])];
        for (const application of applications) {
          const at = merged.findIndex((known) => sameApplication(known, application));
          if (at === -1) {
            added += 1;
            merged.push(application);
          } else {
            if (merged[at]!.note === application.note) unchanged += 1;
            else updated += 1;
            merged[at] = application;
          }
        }
        const doc: FitmentFields = {
          _id: id,
          part: part._id,
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          makeName: before?.makeName ?? vehicle.makeName,
          modelName: before?.modelName ?? vehicle.modelName,
          applications: merged,
        };
        await Fitment.replaceOne({ _id: id }, doc, { upsert: true });
        if (!before) changes.push(...fitmentEntries(part, doc, "add"));
      }),
    );
    await addToMenus(expanded.map(({ vehicle }) => vehicle));
    await changeLists(changes);
    await partsChanged(partId);
    return { modelYears: byDoc.size, added, updated, unchanged };
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
    } else {
      await Fitment.deleteOne({ _id: id });
      await changeLists(fitmentEntries(part, doc, "remove"));
    }
    await partsChanged(partId);
    return { removed };
  });
}

/** Marks a part universal (it fits every vehicle) or not. */
export async function setUniversal(partId: string, universal: boolean): Promise<void> {
  await connectDb();
  await withPartLock(partId, async () => {
    const part = await lockedPart(partId);
    await Part.updateOne({ _id: part._id }, universal ? { $set: { universal: true } } : { $unset: { universal: 1 } });
    await changeLists([{ list: UNIVERSAL_LIST, key: searchKey(part), op: universal ? "add" : "remove" }]);
    await partsChanged(partId);
  });
}
