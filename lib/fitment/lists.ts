import "server-only";
import { type ListedPart, searchKey } from "@/lib/catalogue/lists";
import { encodeKey, keyId, type ListChange, listSize, readList, readWholeList } from "@/lib/storage/ordered-index";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";
import type { FitmentFields } from "@/models/Fitment";

// The ordered lists of fitment (lib/storage/ordered-index.ts): per part, the model years it fits (its
// page lists them); per model year, the parts that fit it (its vehicle page, GET /carparts?vehicle=),
// with the parts' search keys; and the universal parts, which fit every vehicle. A universal part is
// in the universal list only, so a vehicle's parts (its own, then the universal ones) hold none twice.

export const fitsList = (partId: string) => `fits:${partId.toLowerCase()}`;
export const fittingList = (modelYear: string) => `fit:${modelYear}`;
export const UNIVERSAL_LIST = "parts:universal";
/**
 * Per model year, its parts that fit only some of its engines, each keyed by those engines (slugs)
 * and the part's id: read whole, it tells which of the model year's parts a chosen engine rules out.
 * The key holds no price or name, so an edit of the part leaves it be.
 */
export const engineOnlyList = (modelYear: string) => `fit-engines:${modelYear}`;

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

export type EngineFacts = Pick<FitmentFields, "_id" | "part" | "applications">;

/** A document's entry in its model year's engineOnlyList; null when it fits every engine (or none is said). */
export function engineOnlyEntry(doc: EngineFacts): { list: string; key: IndexKey } | null {
  if (doc.applications.length === 0 || doc.applications.some((application) => !application.engine)) return null;
  const engines = [...new Set(doc.applications.map((application) => application.engine))].sort().join(" ");
  return { list: engineOnlyList(modelYearOf(doc._id)), key: encodeKey(engines, String(doc.part).toLowerCase()) };
}

/** The changes that take a document's engineOnlyList entry from `before` to `after` (null: no document). */
export function engineOnlyChanges(before: EngineFacts | null, after: EngineFacts | null): ListChange[] {
  const [old, fresh] = [before && engineOnlyEntry(before), after && engineOnlyEntry(after)];
  if (old?.key === fresh?.key) return [];
  return [...(old ? [{ ...old, op: "remove" as const }] : []), ...(fresh ? [{ ...fresh, op: "add" as const }] : [])];
}

/** The engines each part of a model year fits, for the parts that fit only some; read whole (a model year has hundreds of parts, not the catalogue). */
export async function engineOnlyParts(modelYear: string): Promise<Map<string, Set<string>>> {
  const keys = await readWholeList(engineOnlyList(modelYear));
  return new Map(keys.map((key) => [keyId(key), new Set(key.slice(0, key.length - keyId(key).length - 1).split(" "))]));
}

/** Every fitment document id of a part: its list whole (a part fits tens to a few thousand model years). */
export async function fitmentIdsOf(partId: string): Promise<string[]> {
  const list = fitsList(partId);
  const size = await listSize(list);
  if (size === 0) return [];
  const { keys } = await readList(list, { offset: 0, limit: size });
  return keys.map(keyId);
}
