import "server-only";
import { vehicleMakes, vehicleModels, vehicleYears } from "@/lib/fitment/queries";
import { FIRST_YEAR, lastYear, vehicleLabel, vehiclePath } from "@/lib/vocabulary/vehicles";
import type { Suggestion } from "@/lib/validation/suggestions";
import { startsWordsOf, typedHighlights } from "@/lib/suggestions/typed-words";

// Vehicles: the models of the selector's menus (lib/fitment/menus.ts), each with the years it has
// parts for. The menus are one small document per year and per year and make, so gathering every
// model takes a read of each: done once, held by the process and refreshed in the background at most
// every VEHICLES_FRESH_MS, never while a customer waits (after the first). A vehicle enters the menus
// with its first fitment and stays, so a held list is never wrong, at most a minute short.

const VEHICLES_FRESH_MS = 60_000;
const PER_KIND = 2;

type KnownModel = { make: string; model: string; makeName: string; modelName: string; words: string; years: number[] };

async function readKnownModels(): Promise<KnownModel[]> {
  const years = await vehicleYears();
  const makes = (await Promise.all(years.map(async (year) => (await vehicleMakes(year)).map((make) => ({ year, make }))))).flat();
  const models = await Promise.all(makes.map(async ({ year, make }) => (await vehicleModels(year, make.slug)).map((model) => ({ year, make, model }))));
  const known = new Map<string, KnownModel>();
  // The menus list years newest first, so each model's years are too.
  for (const { year, make, model } of models.flat()) {
    const key = `${make.slug}|${model.slug}`;
    const entry = known.get(key) ?? { make: make.slug, model: model.slug, makeName: make.name, modelName: model.name, words: `${make.name} ${model.name}`, years: [] };
    entry.years.push(year);
    known.set(key, entry);
  }
  return [...known.values()];
}

let held: { read: Promise<KnownModel[]>; at: number } | null = null;

function knownModels(): Promise<KnownModel[]> {
  const now = Date.now();
  if (!held) {
    const read = readKnownModels();
    held = { read, at: now };
    // A failed first read is not kept: the next request tries again.
    read.catch(() => (held = null));
    return read;
  }
  if (now - held.at > VEHICLES_FRESH_MS) {
    const previous = held;
    held = { ...previous, at: now };
    readKnownModels().then(
      (models) => (held = { read: Promise.resolve(models), at: Date.now() }),
      () => undefined,
    );
  }
  return held.read;
}

/** A word that names a model year: the year's model pages then, the newest year otherwise. */
const typedYear = (word: string): number | null => (/^\d{4}$/.test(word) && Number(word) >= FIRST_YEAR && Number(word) <= lastYear() ? Number(word) : null);

export async function vehicleSuggestions(typed: readonly string[]): Promise<Suggestion[]> {
  const year = typed.map(typedYear).find((found) => found !== null) ?? null;
  const names = typed.filter((word) => typedYear(word) === null);
  if (names.length === 0) return [];
  const matches = (await knownModels()).filter((known) => startsWordsOf(known.words, names) && (year === null || known.years.includes(year)));
  return matches
    .sort((a, b) => a.words.localeCompare(b.words))
    .slice(0, PER_KIND)
    .map((known) => {
      const shown = year ?? known.years[0]!;
      const label = vehicleLabel({ year: shown, make: known.makeName, model: known.modelName });
      return { kind: "vehicle", label, href: vehiclePath({ year: shown, make: known.make, model: known.model }), highlights: typedHighlights(label, typed) };
    });
}
