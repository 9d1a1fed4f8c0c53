import "server-only";
import { LISTED_FIELDS, type ListedPart } from "@/lib/parts/listed-part";
import { type SearchEntry, searchEntry } from "@/lib/parts/search-entry";
import { connectDb } from "@/lib/storage/connect";
import { ListsRebuild } from "@/lib/storage/ordered-lists";
import { engineOnlyChanges, fitsEntry, fitsList, fittingList, modelYearOf, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { addToMenus, menuVehiclesOf, MODEL_YEARS_LIST, modelYearEntry, type NamedVehicle } from "@/lib/fitment/menus";
import { Fitment, type FitmentFields } from "@/models/Fitment";
import { Part } from "@/models/Part";
import { VehicleMenu } from "@/models/VehicleMenu";

// For fitment written straight into the database (a restore, a bulk import): rebuilds every part's
// and every model year's list, the universal parts and the menus from the documents, and deletes the
// fitment of parts that are gone. An operator's tool: it reads the parts and the fitment whole.

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const FITMENT_LIST = /^(fits?|fit-engines):/;

export async function reindexFitment(): Promise<string> {
  await connectDb();
  // Each part's entry in its vehicles' lists; null for a universal part, which is in none of them.
  const entries = new Map<string, SearchEntry | null>();
  const rebuild = new ListsRebuild();
  rebuild.include(UNIVERSAL_LIST);
  let universal = 0;
  for await (const part of Part.find({}, LISTED_FIELDS).lean<ListedPart>().cursor()) {
    entries.set(String(part._id), part.universal ? null : searchEntry(part));
    if (part.universal) {
      rebuild.add(UNIVERSAL_LIST, searchEntry(part));
      universal += 1;
    }
  }
  const vehicles: NamedVehicle[] = [];
  const orphans: string[] = [];
  for await (const doc of Fitment.find({}).lean<FitmentFields>().cursor()) {
    const partEntry = entries.get(String(doc.part));
    if (partEntry === undefined) {
      orphans.push(doc._id);
      continue;
    }
    rebuild.add(fitsList(String(doc.part)), fitsEntry(doc));
    if (partEntry) rebuild.add(fittingList(modelYearOf(doc._id)), partEntry);
    rebuild.addChanges(engineOnlyChanges(null, doc));
    vehicles.push(...menuVehiclesOf(doc));
  }
  await Promise.all(orphans.map((id) => Fitment.deleteOne({ _id: id })));
  const stale = await rebuild.write({ matches: (list) => FITMENT_LIST.test(list), then: "drop" });
  await addToMenus(vehicles);
  // Every model year of the menus, whether it was added now or before.
  const modelYears = new ListsRebuild();
  modelYears.include(MODEL_YEARS_LIST);
  for await (const menu of VehicleMenu.find({}).lean().cursor()) {
    if (!menu._id.startsWith("models:")) continue;
    const [year, make] = menu._id.slice("models:".length).split("|");
    for (const entry of menu.entries) modelYears.add(MODEL_YEARS_LIST, modelYearEntry({ year: Number(year), make: make!, model: entry.slug }));
  }
  await modelYears.write();
  const fitLists = rebuild.names().filter((list) => list.startsWith("fit:")).length;
  const partLists = rebuild.names().filter((list) => list.startsWith("fits:")).length;
  return `Fitment reindexed: ${plural(partLists, "part")} with fitment, ${plural(fitLists, "model year")} with parts, ${plural(universal, "universal part")}, ${plural(orphans.length, "fitment")} of deleted parts removed, ${plural(stale, "stale list")} removed.`;
}
