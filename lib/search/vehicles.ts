import "server-only";
import { cachedOrDirect, publicRead } from "@/lib/cache/public-read";
import { CACHE_TAGS } from "@/lib/cache/tags";
import { MODEL_YEARS_LIST } from "@/lib/fitment/menus";
import { modelParts, vehicleParts } from "@/lib/fitment/vehicle-parts";
import type { SearchEntry } from "@/lib/parts/search-entry";

// A vehicle named in a search ("civic brake pads", "2016 civic pads", "honda civic pads") narrows
// it to that vehicle's parts. The vehicles are the model years the fitment menus hold: a list that
// grows with the vehicles sold for, not the parts, and only ever grows (a vehicle stays in the
// menus), so each process keeps it and reads it again only when its size (one read) changed.

export type NamedVehicle = { year?: number; make: string; model: string };
type ModelYears = { size: number; years: Map<string, number[]> };

let known: ModelYears = { size: -1, years: new Map() };

// The size from the data cache: a fitment write expires the `parts` tag in every process.
const cachedSize = publicRead(() => MODEL_YEARS_LIST.size(), ["model-years-size"], [CACHE_TAGS.parts]);
const modelYearsSize = () => cachedOrDirect(cachedSize, () => MODEL_YEARS_LIST.size());

/** Each make|model the menus hold, with its years. */
async function modelYears(): Promise<Map<string, number[]>> {
  const size = await modelYearsSize();
  if (size === known.size) return known.years;
  const years = new Map<string, number[]>();
  for (const { year, make, model } of await MODEL_YEARS_LIST.whole()) years.set(`${make}|${model}`, [...(years.get(`${make}|${model}`) ?? []), year]);
  known = { size, years };
  return years;
}

const slugWords = (slug: string) => slug.split("-").filter(Boolean);

/** Whether `words` hold `wanted` in a row from `at`. */
const holdsAt = (words: readonly string[], wanted: readonly string[], at: number) => wanted.length > 0 && wanted.every((word, i) => words[at + i] === word);

/** Where `wanted` first stands in a row in `words`, or -1. */
const indexOfRun = (words: readonly string[], wanted: readonly string[]) => words.findIndex((_, at) => holdsAt(words, wanted, at));

/**
 * The vehicle a search's words name (a model, with its make or not, and a year it was made in, or
 * none) and which words named it; null when they name none, or a model of several makes with no make.
 */
export async function vehicleNamed(words: readonly string[]): Promise<{ vehicle: NamedVehicle; used: Set<number> } | null> {
  if (words.length < 2) return null;
  const found: { vehicle: NamedVehicle; used: Set<number> }[] = [];
  for (const [key, years] of await modelYears()) {
    const [make, model] = key.split("|") as [string, string];
    const modelWords = slugWords(model);
    const at = indexOfRun(words, modelWords);
    if (at < 0) continue;
    const used = new Set(modelWords.map((_, i) => at + i));
    const makeAt = indexOfRun(words, slugWords(make));
    if (makeAt >= 0) slugWords(make).forEach((_, i) => used.add(makeAt + i));
    const yearAt = words.findIndex((word) => /^\d{4}$/.test(word) && years.includes(Number(word)));
    if (yearAt >= 0) used.add(yearAt);
    // The vehicle narrows the search: some word must be left to search for.
    if (used.size >= words.length) continue;
    found.push({ vehicle: { ...(yearAt >= 0 ? { year: Number(words[yearAt]) } : {}), make, model }, used });
  }
  const withMake = found.filter(({ vehicle, used }) => used.size > slugWords(vehicle.model).length + (vehicle.year ? 1 : 0));
  const candidates = withMake.length > 0 ? withMake : found;
  return candidates.length === 1 ? candidates[0]! : null;
}

/** The parts that fit a named vehicle: its year's, or every year's of the model when no year was named (universal parts included). */
export async function namedVehicleParts(vehicle: NamedVehicle): Promise<SearchEntry[]> {
  if (vehicle.year) return vehicleParts({ year: vehicle.year, make: vehicle.make, model: vehicle.model });
  return modelParts(vehicle.make, vehicle.model, (await modelYears()).get(`${vehicle.make}|${vehicle.model}`) ?? []);
}
