import "server-only";
import { withLock } from "@/lib/storage/lock";
import { keepLists, orderedList } from "@/lib/storage/ordered-lists";
import { MODEL_YEAR_FIELDS } from "@/lib/fitment/lists";
import { modelYearKey, type VehicleSlugs } from "@/lib/vocabulary/vehicles";
import type { FitmentFields } from "@/models/Fitment";
import { type MenuEntry, VehicleMenu } from "@/models/VehicleMenu";

// The selector's menus: years, then makes, models and engines, each a small document read by _id.
// A vehicle enters them with its first fitment and stays (a vehicle is a vehicle, parts or not).
// Every model year is also in MODEL_YEARS_LIST, for the sitemap.

export const MODEL_YEARS_LIST = orderedList("vehicles:model-years", MODEL_YEAR_FIELDS);
/** A model year's entry in MODEL_YEARS_LIST: newest years first. */
export const modelYearEntry = ({ year, make, model }: Pick<VehicleSlugs, "year" | "make" | "model">) => ({ year, make, model, id: modelYearKey({ year, make, model }) });

export const menuIds = {
  years: "years",
  makes: (year: number) => `makes:${year}`,
  models: (year: number, make: string) => `models:${year}|${make}`,
  engines: (year: number, make: string, model: string) => `engines:${year}|${make}|${model}`,
};

export type NamedVehicle = VehicleSlugs & { makeName: string; modelName: string; engineName?: string };

/** The vehicles a fitment document puts in the menus: its model year, with each engine it names. */
export function menuVehiclesOf(doc: FitmentFields): NamedVehicle[] {
  const applications = doc.applications.length > 0 ? doc.applications : [{ engine: "", engineName: undefined }];
  return applications.map((application) => ({ year: doc.year, make: doc.make, model: doc.model, engine: application.engine, makeName: doc.makeName, modelName: doc.modelName, engineName: application.engineName }));
}

const byName = (a: MenuEntry, b: MenuEntry) => a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" });
// Years newest first: the customer's car is more likely recent.
const sortedEntries = (id: string, entries: MenuEntry[]) => (id === menuIds.years ? entries.sort((a, b) => Number(b.slug) - Number(a.slug)) : entries.sort(byName));

/** Adds the entries each menu lacks, under one lock: menus change rarely, only as new vehicles get parts. */
export async function addToMenus(vehicles: NamedVehicle[]): Promise<void> {
  const wanted = new Map<string, Map<string, string>>();
  const want = (id: string, slug: string, name: string) => {
    const entries = wanted.get(id) ?? new Map<string, string>();
    if (!entries.has(slug)) entries.set(slug, name);
    wanted.set(id, entries);
  };
  for (const v of vehicles) {
    want(menuIds.years, String(v.year), String(v.year));
    want(menuIds.makes(v.year), v.make, v.makeName);
    want(menuIds.models(v.year, v.make), v.model, v.modelName);
    if (v.engine && v.engineName) want(menuIds.engines(v.year, v.make, v.model), v.engine, v.engineName);
  }
  await withLock("vehicle-menus", "The vehicle lists are being changed; try again in a moment.", async () => {
    const newModelYears: string[] = [];
    await Promise.all(
      [...wanted].map(async ([id, entries]) => {
        const menu = await VehicleMenu.findById(id).lean();
        const known = new Set((menu?.entries ?? []).map((entry) => entry.slug));
        const added = [...entries].filter(([slug]) => !known.has(slug)).map(([slug, name]) => ({ slug, name }));
        if (added.length === 0) return;
        if (id.startsWith("models:")) newModelYears.push(...added.map((entry) => `${id.slice("models:".length)}|${entry.slug}`));
        await VehicleMenu.replaceOne({ _id: id }, { _id: id, entries: sortedEntries(id, [...(menu?.entries ?? []), ...added]) }, { upsert: true });
      }),
    );
    await keepLists(
      newModelYears.map((modelYear) => {
        const [year, make, model] = modelYear.split("|");
        return MODEL_YEARS_LIST.change(modelYearEntry({ year: Number(year), make: make!, model: model! }), "add");
      }),
    );
  });
}

/** One menu's entries, in the selector's order; [] when there is no such menu. */
export async function menuEntries(id: string): Promise<MenuEntry[]> {
  return (await VehicleMenu.findById(id).lean())?.entries ?? [];
}
