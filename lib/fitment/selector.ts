import "server-only";
import { findModelYear, type ModelYear, vehicleMakes, vehicleModels, vehicleYears } from "@/lib/fitment/queries";
import type { MenuEntry } from "@/models/VehicleMenu";

// The vehicle selector's state, from its GET form's query (/vehicle?year=&make=&model=): each
// choice counts only if the menus offer it given the ones before, so a changed year keeps a make
// that year has and drops one it has not.

export type SelectorState = {
  years: number[];
  makes: MenuEntry[];
  models: MenuEntry[];
  year?: number;
  make?: string;
  model?: string;
  /** All three chosen: the model year to show. */
  vehicle: ModelYear | null;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function selectorState(query: Record<string, string | string[] | undefined>): Promise<SelectorState> {
  const years = await vehicleYears();
  const yearText = first(query.year);
  const year = years.find((y) => String(y) === yearText);
  if (year === undefined) return { years, makes: [], models: [], vehicle: null };
  const makes = await vehicleMakes(year);
  const make = makes.find((entry) => entry.slug === first(query.make))?.slug;
  if (!make) return { years, makes, models: [], year, vehicle: null };
  const models = await vehicleModels(year, make);
  const model = models.find((entry) => entry.slug === first(query.model))?.slug;
  const vehicle = model ? await findModelYear(year, make, model) : null;
  return { years, makes, models, year, make, model, vehicle };
}
