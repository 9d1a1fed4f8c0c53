import "server-only";
import { type ListedPart, searchKey } from "@/lib/catalogue/lists";
import { findEachById } from "@/lib/storage/each-by-id";
import type { ListChange } from "@/lib/storage/ordered-index";
import { type EngineFacts, engineOnlyEntry, engineOnlyList, fitsKey, fitsList, fittingList, modelYearOf } from "@/lib/fitment/lists";
import { menuVehiclesOf, type NamedVehicle } from "@/lib/fitment/menus";
import { Fitment, type FitmentFields } from "@/models/Fitment";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";

// A fitment write noted before its documents (lib/storage/list-journal.ts, lib/catalogue/pending-lists.ts)
// and, when it was cut short, completed from the documents as they are: each noted document's
// entries in the part's list, its model year's list and its engine list are added where it is
// stored and taken out where it is not.

/** A fitment document about to be written or deleted: its key in the part's list, and its engine entry before the write. */
export type NotedFitment = { id: string; fitsKey: IndexKey; engineKey?: IndexKey };

export function notedFitment(doc: Pick<FitmentFields, "_id" | "year" | "make" | "model">, before: EngineFacts | null): NotedFitment {
  const engineKey = before ? engineOnlyEntry(before)?.key : undefined;
  return { id: doc._id, fitsKey: fitsKey(doc), ...(engineKey ? { engineKey } : {}) };
}

/** What the lists and menus owe the noted documents as stored now; `part` as it is now (null: gone). */
export async function fitmentAsStored(partId: string, part: ListedPart | null, noted: NotedFitment[]): Promise<{ changes: ListChange[]; vehicles: NamedVehicle[] }> {
  const docs = new Map((await findEachById<FitmentFields>(Fitment, noted.map(({ id }) => id))).map((doc) => [doc._id, doc]));
  const changes: ListChange[] = [];
  const vehicles: NamedVehicle[] = [];
  for (const { id, fitsKey: key, engineKey } of noted) {
    const doc = docs.get(id);
    const op = doc ? "add" : "remove";
    const engines = doc ? engineOnlyEntry(doc) : null;
    if (engineKey && engineKey !== engines?.key) changes.push({ list: engineOnlyList(modelYearOf(id)), key: engineKey, op: "remove" });
    if (engines) changes.push({ ...engines, op: "add" });
    changes.push({ list: fitsList(partId), key, op });
    if (part && !part.universal) changes.push({ list: fittingList(modelYearOf(id)), key: searchKey(part), op });
    if (doc) vehicles.push(...menuVehiclesOf(doc));
  }
  return { changes, vehicles };
}
