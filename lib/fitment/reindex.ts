import "server-only";
import { LISTED_FIELDS, type ListedPart, searchKey } from "@/lib/catalogue/lists";
import { connectDb } from "@/lib/storage/connect";
import { rebuildLists } from "@/lib/storage/ordered-index";
import { engineOnlyChanges, fitsKey, fitsList, fittingList, modelYearOf, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { addToMenus, menuVehiclesOf, MODEL_YEARS_LIST, modelYearListKey, type NamedVehicle } from "@/lib/fitment/menus";
import { Fitment, type FitmentFields } from "@/models/Fitment";
import { IndexChunk, IndexDirectory, type IndexKey } from "@/lib/storage/models/IndexChunk";
import { Part } from "@/models/Part";
import { VehicleMenu } from "@/models/VehicleMenu";

// For fitment written straight into the database (a restore, a bulk import): rebuilds every part's
// and every model year's list, the universal parts and the menus from the documents, and deletes the
// fitment of parts that are gone. An operator's tool: it reads the parts and the fitment whole.

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const FITMENT_LIST = /^(fits?|fit-engines):/;

export async function reindexFitment(): Promise<string> {
  await connectDb();
  // Each part's key in its vehicles' lists; null for a universal part, which is in none of them.
  const keys = new Map<string, IndexKey | null>();
  const universal: IndexKey[] = [];
  for await (const part of Part.find({}, LISTED_FIELDS).lean<ListedPart>().cursor()) {
    keys.set(String(part._id), part.universal ? null : searchKey(part));
    if (part.universal) universal.push(searchKey(part));
  }
  const lists = new Map<string, IndexKey[]>([[UNIVERSAL_LIST, universal]]);
  const add = (list: string, key: IndexKey) => (lists.get(list) ?? lists.set(list, []).get(list)!).push(key);
  const vehicles: NamedVehicle[] = [];
  const orphans: string[] = [];
  for await (const doc of Fitment.find({}).lean<FitmentFields>().cursor()) {
    const partKey = keys.get(String(doc.part));
    if (partKey === undefined) {
      orphans.push(doc._id);
      continue;
    }
    add(fitsList(String(doc.part)), fitsKey(doc));
    if (partKey) add(fittingList(modelYearOf(doc._id)), partKey);
    for (const { list, key } of engineOnlyChanges(null, doc)) add(list, key);
    vehicles.push(...menuVehiclesOf(doc));
  }
  await Promise.all(orphans.map((id) => Fitment.deleteOne({ _id: id })));
  const stale: string[] = [];
  for await (const { _id: list } of IndexDirectory.find({}, { _id: 1 }).lean<{ _id: string }>().cursor()) {
    if (FITMENT_LIST.test(list) && !lists.has(list)) stale.push(list);
  }
  await rebuildLists(lists);
  for (const list of stale) {
    await IndexChunk.deleteMany({ list });
    await IndexDirectory.deleteOne({ _id: list });
  }
  await addToMenus(vehicles);
  // Every model year of the menus, whether it was added now or before.
  const modelYears: IndexKey[] = [];
  for await (const menu of VehicleMenu.find({}).lean().cursor()) {
    if (!menu._id.startsWith("models:")) continue;
    const [year, make] = menu._id.slice("models:".length).split("|");
    for (const entry of menu.entries) modelYears.push(modelYearListKey({ year: Number(year), make: make!, model: entry.slug }));
  }
  await rebuildLists([[MODEL_YEARS_LIST, modelYears]]);
  const fitLists = [...lists.keys()].filter((list) => list.startsWith("fit:")).length;
  const partLists = [...lists.keys()].filter((list) => list.startsWith("fits:")).length;
  return `Fitment reindexed: ${plural(partLists, "part")} with fitment, ${plural(fitLists, "model year")} with parts, ${plural(universal.length, "universal part")}, ${plural(orphans.length, "fitment")} of deleted parts removed, ${plural(stale.length, "stale list")} removed.`;
}
