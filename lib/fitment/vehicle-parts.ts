import "server-only";
import { readSearchKey } from "@/lib/catalogue/lists";
import { connectDb } from "@/lib/storage/connect";
import { listSize, readList, readWholeList } from "@/lib/storage/ordered-index";
import { engineOnlyParts, fittingList, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";
import { modelYearKey } from "@/lib/fitment/vehicles";

export type Vehicle = { year: number; make: string; model: string };

/**
 * The keys (lib/catalogue/lists.ts) of every part that fits a vehicle: the model year's own parts,
 * less those for other engines when an engine is chosen, and the universal parts. What a search or a
 * sort within the vehicle narrows by; it reads the vehicle's lists whole, never the catalogue.
 */
export async function vehiclePartKeys(vehicle: Vehicle & { engine?: string }): Promise<Set<IndexKey>> {
  const modelYear = modelYearKey(vehicle);
  const [own, universal, engineOnly] = await Promise.all([
    readWholeList(fittingList(modelYear)),
    readWholeList(UNIVERSAL_LIST),
    vehicle.engine ? engineOnlyParts(modelYear) : new Map<string, Set<string>>(),
  ]);
  const fitting = own.filter((key) => {
    const engines = engineOnly.get(readSearchKey(key).id);
    return !engines || engines.has(vehicle.engine!);
  });
  return new Set([...fitting, ...universal]);
}

/**
 * The ids of a slice of the parts that fit a model year: its own parts in catalogue order, then the
 * universal ones; and how many there are of each. Reads the two lists' sizes and the pages the slice covers.
 */
export async function vehiclePartIds(vehicle: Vehicle, { offset, limit }: { offset: number; limit: number }): Promise<{ ids: string[]; own: number; universal: number }> {
  await connectDb();
  const list = fittingList(modelYearKey(vehicle));
  const [own, universal] = await Promise.all([listSize(list), listSize(UNIVERSAL_LIST)]);
  const fromOwn = offset < own ? (await readList(list, { offset, limit: Math.min(limit, own - offset) })).keys : [];
  const rest = limit - fromOwn.length;
  const universalOffset = Math.max(0, offset - own);
  const fromUniversal = rest > 0 && universalOffset < universal ? (await readList(UNIVERSAL_LIST, { offset: universalOffset, limit: rest })).keys : [];
  return { ids: [...fromOwn, ...fromUniversal].map((key) => readSearchKey(key).id), own, universal };
}

