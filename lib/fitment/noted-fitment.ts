import "server-only";
import type { ListedPart } from "@/lib/parts/listed-part";
import { searchEntry } from "@/lib/parts/search-entry";
import { findEachById } from "@/lib/storage/each-by-id";
import type { ListChange, ListPlace } from "@/lib/storage/ordered-lists";
import { type EngineFacts, engineOnlyChanges, engineOnlyList, engineOnlyPlace, fitsEntry, fitsList, fittingList, modelYearOf } from "@/lib/fitment/lists";
import { menuVehiclesOf, type NamedVehicle } from "@/lib/fitment/menus";
import { Fitment, type FitmentFields } from "@/models/Fitment";

// A fitment write noted before its documents (the part's write journal, lib/catalogue/part-writes.ts)
// and, when it was cut short, completed from the documents as they are: each noted document's
// entries in the part's list, its model year's list and its engine list are added where it is
// stored and taken out where it is not.

/**
 * A fitment document about to be written or deleted: where it sits in the part's list, and where
 * its engine entry sat before the write (places as the lists store them; the names are the note's).
 */
export type NotedFitment = { id: string; fitsKey: ListPlace; engineKey?: ListPlace };

export function notedFitment(partId: string, doc: Pick<FitmentFields, "_id" | "year" | "make" | "model">, before: EngineFacts | null): NotedFitment {
  const engineKey = before ? engineOnlyPlace(before) : undefined;
  return { id: doc._id, fitsKey: fitsList(partId).placeOf(fitsEntry(doc)), ...(engineKey ? { engineKey } : {}) };
}

/** What the lists and menus owe the noted documents as stored now; `part` as it is now (null: gone). */
export async function fitmentAsStored(partId: string, part: ListedPart | null, noted: NotedFitment[]): Promise<{ changes: ListChange[]; vehicles: NamedVehicle[] }> {
  const docs = new Map((await findEachById<FitmentFields>(Fitment, noted.map(({ id }) => id))).map((doc) => [doc._id, doc]));
  const changes: ListChange[] = [];
  const vehicles: NamedVehicle[] = [];
  for (const { id, fitsKey, engineKey } of noted) {
    const doc = docs.get(id);
    const op = doc ? "add" : "remove";
    const engines = doc ? engineOnlyPlace(doc) : undefined;
    if (engineKey && engineKey !== engines) changes.push(engineOnlyList(modelYearOf(id)).changeAt(engineKey, "remove"));
    if (doc) changes.push(...engineOnlyChanges(null, doc));
    changes.push(fitsList(partId).changeAt(fitsKey, op));
    if (part && !part.universal) changes.push(fittingList(modelYearOf(id)).change(searchEntry(part), op));
    if (doc) vehicles.push(...menuVehiclesOf(doc));
  }
  return { changes, vehicles };
}
