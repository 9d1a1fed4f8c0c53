import "server-only";
import type { ListedPart } from "@/lib/parts/listed-part";
import { SEARCH_FIELDS, searchEntry } from "@/lib/parts/search-entry";
import { type ListChange, type ListPlace, type OrderedList, orderedList, orderedLists } from "@/lib/storage/ordered-lists";
import type { FitmentFields } from "@/models/Fitment";

// The ordered lists of fitment (lib/storage/ordered-lists.ts): per part, the model years it fits (its
// page lists them); per model year, the parts that fit it (its vehicle page, GET /carparts?vehicle=),
// by the parts' search entries; and the universal parts, which fit every vehicle. A universal part is
// in the universal list only, so a vehicle's parts (its own, then the universal ones) hold none twice.

/** Newest years first, then make and model A-Z; `id`, what the entry stands for (a fitment document, a model year). */
export const MODEL_YEAR_FIELDS = { year: "year", make: "text", model: "text", id: "text" } as const;

export const fitsList = orderedLists((partId: string) => `fits:${partId.toLowerCase()}`, MODEL_YEAR_FIELDS);
export const fittingList = orderedLists((modelYear: string) => `fit:${modelYear}`, SEARCH_FIELDS);
export const UNIVERSAL_LIST = orderedList("parts:universal", SEARCH_FIELDS);
/**
 * Per model year, its parts that fit only some of its engines, each with those engines (slugs,
 * space-separated) and the part's id: read whole, it tells which of the model year's parts a chosen
 * engine rules out. It holds no price or name, so an edit of the part leaves it be.
 */
export const engineOnlyList = orderedLists((modelYear: string) => `fit-engines:${modelYear}`, { engines: "text", id: "text" } as const);

/** A fitment document's id: the part and the model year. */
export const fitmentId = (partId: string, modelYear: string) => `${partId.toLowerCase()}|${modelYear}`;
/** The model year of a fitment id: what follows the part's id. */
export const modelYearOf = (fitmentDocId: string) => fitmentDocId.slice(fitmentDocId.indexOf("|") + 1);

type ModelYearDoc = Pick<FitmentFields, "_id" | "year" | "make" | "model">;

/** A fitment document's entry in its part's list. */
export const fitsEntry = (doc: ModelYearDoc) => ({ year: doc.year, make: doc.make, model: doc.model, id: doc._id });

/** The list entries one fitment document stands for. */
export function fitmentEntries(part: ListedPart, doc: ModelYearDoc, op: "add" | "remove"): ListChange[] {
  const entries: ListChange[] = [fitsList(String(part._id)).change(fitsEntry(doc), op)];
  if (!part.universal) entries.push(fittingList(modelYearOf(doc._id)).change(searchEntry(part), op));
  return entries;
}

export type EngineFacts = Pick<FitmentFields, "_id" | "part" | "applications">;
type EngineOnly = { list: OrderedList<{ readonly engines: "text"; readonly id: "text" }>; entry: { engines: string; id: string } };

/** A document's entry in its model year's engineOnlyList; null when it fits every engine (or none is said). */
function engineOnlyEntry(doc: EngineFacts): EngineOnly | null {
  if (doc.applications.length === 0 || doc.applications.some((application) => !application.engine)) return null;
  const engines = [...new Set(doc.applications.map((application) => application.engine))].sort().join(" ");
  return { list: engineOnlyList(modelYearOf(doc._id)), entry: { engines, id: String(doc.part).toLowerCase() } };
}

/** Where a document's engine entry sits, to note before a write that may move it; undefined when it has none. */
export function engineOnlyPlace(doc: EngineFacts): ListPlace | undefined {
  const engineOnly = engineOnlyEntry(doc);
  return engineOnly ? engineOnly.list.placeOf(engineOnly.entry) : undefined;
}

/** The changes that take a document's engineOnlyList entry from `before` to `after` (null: no document). */
export function engineOnlyChanges(before: EngineFacts | null, after: EngineFacts | null): ListChange[] {
  const [old, fresh] = [before && engineOnlyEntry(before), after && engineOnlyEntry(after)];
  if (old?.list.name === fresh?.list.name && old?.entry.engines === fresh?.entry.engines && old?.entry.id === fresh?.entry.id) return [];
  return [...(old ? [old.list.change(old.entry, "remove")] : []), ...(fresh ? [fresh.list.change(fresh.entry, "add")] : [])];
}

/** The engines each part of a model year fits, for the parts that fit only some; read whole (a model year has hundreds of parts, not the catalogue). */
export async function engineOnlyParts(modelYear: string): Promise<Map<string, Set<string>>> {
  const entries = await engineOnlyList(modelYear).whole();
  return new Map(entries.map((entry) => [entry.id, new Set(entry.engines.split(" "))]));
}

/** Every fitment document id of a part: its list whole (a part fits tens to a few thousand model years). */
export async function fitmentIdsOf(partId: string): Promise<string[]> {
  const list = fitsList(partId);
  const size = await list.size();
  if (size === 0) return [];
  return (await list.idPage({ offset: 0, limit: size })).ids;
}
