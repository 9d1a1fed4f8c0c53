import "server-only";
import { type ListedPart, searchKey } from "@/lib/catalogue/lists";
import { encodeKey, keyId, type ListChange, listSize, readList } from "@/lib/db/ordered-index";
import type { FitmentFields } from "@/models/Fitment";

// The ordered lists of fitment (lib/db/ordered-index.ts): per part, the model years it fits (its
// page lists them); per model year, the parts that fit it (its vehicle page, GET /carparts?vehicle=),
// with the parts' search keys; and the universal parts, which fit every vehicle. A universal part is
// in the universal list only, so a vehicle's parts (its own, then the universal ones) hold none twice.

export const fitsList = (partId: string) => `fits:${partId.toLowerCase()}`;
export const fittingList = (modelYear: string) => `fit:${modelYear}`;
export const UNIVERSAL_LIST = "parts:universal";

/** A fitment document's id: the part and the model year. */
export const fitmentId = (partId: string, modelYear: string) => `${partId.toLowerCase()}|${modelYear}`;
/** The model year of a fitment id: what follows the part's id. */
export const modelYearOf = (fitmentDocId: string) => fitmentDocId.slice(fitmentDocId.indexOf("|") + 1);

/** Newest years first, then make and model A-Z; ends with the fitment document's id. */
export const fitsKey = (doc: Pick<FitmentFields, "_id" | "year" | "make" | "model">) => encodeKey(9999 - doc.year, doc.make, doc.model, doc._id);

/** The list entries one fitment document stands for. */
export function fitmentEntries(part: ListedPart, doc: Pick<FitmentFields, "_id" | "year" | "make" | "model">, op: "add" | "remove"): ListChange[] {
  const entries: ListChange[] = [{ list: fitsList(String(part._id)), key: fitsKey(doc), op }];
  if (!part.universal) entries.push({ list: fittingList(modelYearOf(doc._id)), key: searchKey(part), op });
  return entries;
}

/** Every fitment document id of a part: its list whole (a part fits tens to a few thousand model years). */
export async function fitmentIdsOf(partId: string): Promise<string[]> {
  const list = fitsList(partId);
  const size = await listSize(list);
  if (size === 0) return [];
  const { keys } = await readList(list, { offset: 0, limit: size });
  return keys.map(keyId);
}
