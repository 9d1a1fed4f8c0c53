import { vehicleLabel, vehiclePath } from "@/lib/vocabulary/vehicles";
import type { MenuEntry } from "@/models/menu-entries";

// The browser's side of the vehicle selector: the lists a choice opens, read from the REST menus
// (GET /vehicle-years/…) so that choosing fills the next list in place, never loading a page.
// Shaped as lib/fitment/selector.ts reads the form's query: a choice the lists do not offer is dropped.

export type SelectorChoice = { year?: number; make?: string; model?: string };

export type SelectorVehicle = { year: number; make: string; model: string; label: string; path: string; engines: MenuEntry[] };

export type SelectorLists = SelectorChoice & { makes: MenuEntry[]; models: MenuEntry[]; vehicle: SelectorVehicle | null };

async function menu(path: string, signal: AbortSignal): Promise<MenuEntry[]> {
  const response = await fetch(path, { signal });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = (await response.json()) as { result?: unknown };
  if (!Array.isArray(body.result)) throw new Error(`${path} sent no list`);
  return body.result as MenuEntry[];
}

const segment = (slug: string) => encodeURIComponent(slug);

/** The lists after a choice; throws when the shop cannot be reached (the form's button still works). */
export async function drawSelectorLists(choice: SelectorChoice, signal: AbortSignal): Promise<SelectorLists> {
  const { year } = choice;
  if (year === undefined) return { makes: [], models: [], vehicle: null };
  const makes = await menu(`/vehicle-years/${year}/makes`, signal);
  const make = makes.find((entry) => entry.slug === choice.make);
  if (!make) return { year, makes, models: [], vehicle: null };
  const models = await menu(`/vehicle-years/${year}/makes/${segment(make.slug)}/models`, signal);
  const model = models.find((entry) => entry.slug === choice.model);
  if (!model) return { year, make: make.slug, makes, models, vehicle: null };
  const engines = await menu(`/vehicle-years/${year}/makes/${segment(make.slug)}/models/${segment(model.slug)}/engines`, signal);
  const slugs = { year, make: make.slug, model: model.slug };
  return { ...slugs, makes, models, vehicle: { ...slugs, label: vehicleLabel({ year, make: make.name, model: model.name }), path: vehiclePath(slugs), engines } };
}
