import "server-only";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { connectDb } from "@/lib/storage/connect";
import { engineOnlyParts, fittingList, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { modelYearKey } from "@/lib/vocabulary/vehicles";

export type Vehicle = { year: number; make: string; model: string };

/**
 * The search entries of every part that fits a vehicle, in catalogue order: the model year's own
 * parts, less those for other engines when an engine is chosen, and the universal parts. What a
 * search or a sort within the vehicle narrows by; it reads the vehicle's lists whole, never the catalogue.
 */
export async function vehicleParts(vehicle: Vehicle & { engine?: string }): Promise<SearchEntry[]> {
  const modelYear = modelYearKey(vehicle);
  const [own, universal, engineOnly] = await Promise.all([
    fittingList(modelYear).whole(),
    UNIVERSAL_LIST.whole(),
    vehicle.engine ? engineOnlyParts(modelYear) : new Map<string, Set<string>>(),
  ]);
  const fitting = own.filter((entry) => {
    const engines = engineOnly.get(entry.id);
    return !engines || engines.has(vehicle.engine!);
  });
  const seen = new Set<string>();
  const once = [...fitting, ...universal].filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
  return UNIVERSAL_LIST.inOrder(once);
}

/**
 * The search entries of every part that fits any of these model years of a make and model, in
 * catalogue order: each year's own list, and the universal parts read once, however many years.
 */
export async function modelParts(make: string, model: string, years: readonly number[]): Promise<SearchEntry[]> {
  const [own, universal] = await Promise.all([Promise.all(years.map((year) => fittingList(modelYearKey({ year, make, model })).whole())), UNIVERSAL_LIST.whole()]);
  const seen = new Set<string>();
  const once = [...own.flat(), ...universal].filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
  return UNIVERSAL_LIST.inOrder(once);
}

/**
 * The ids of a slice of the parts that fit a model year: its own parts in catalogue order, then the
 * universal ones; and how many there are of each. Reads the two lists' sizes and the pages the slice covers.
 */
export async function vehiclePartIds(vehicle: Vehicle, { offset, limit }: { offset: number; limit: number }): Promise<{ ids: string[]; own: number; universal: number }> {
  await connectDb();
  const list = fittingList(modelYearKey(vehicle));
  const [own, universal] = await Promise.all([list.size(), UNIVERSAL_LIST.size()]);
  const fromOwn = offset < own ? (await list.idPage({ offset, limit: Math.min(limit, own - offset) })).ids : [];
  const rest = limit - fromOwn.length;
  const universalOffset = Math.max(0, offset - own);
  const fromUniversal = rest > 0 && universalOffset < universal ? (await UNIVERSAL_LIST.idPage({ offset: universalOffset, limit: rest })).ids : [];
  return { ids: [...fromOwn, ...fromUniversal], own, universal };
}
