import "server-only";
import { PRICE_BANDS, priceBandList } from "@/lib/catalogue/facets";
import { facetValueList } from "@/lib/catalogue/lists";

// Per facet value, how its parts spread over every facet's values: the counts its list keeps
// (facetCountNames, lib/catalogue/lists.ts), written with the list, so they are always those of the
// entries the list holds, and rebuilt with it.

/** How a value's parts spread: how many, and how many per category slug, brand slug and price range. */
export type FacetSpread = { total: number; category: Record<string, number>; brand: Record<string, number>; price: Record<string, number> };

const FIELDS = ["category", "brand", "price"] as const;

/** A list's counts as a spread; null when the list is not counted (a database from before the counts: reindex it). */
function spreadOf(total: number, counts: Record<string, number> | undefined): FacetSpread | null {
  if (!counts) return total === 0 ? { total, category: {}, brand: {}, price: {} } : null;
  const spread: FacetSpread = { total, category: {}, brand: {}, price: {} };
  for (const [name, count] of Object.entries(counts)) {
    const split = name.indexOf(":");
    const field = FIELDS.find((candidate) => candidate === name.slice(0, split));
    if (field && count > 0) spread[field][name.slice(split + 1)] = count;
  }
  return spread;
}

/** A facet value's spread, one directory read; null when its list is not counted. */
export async function readFacetCounts(list: string): Promise<FacetSpread | null> {
  const { total, counts } = await facetValueList(list).counted();
  return spreadOf(total, counts);
}

/**
 * How the whole catalogue spreads over the facets' values: the sum of its price ranges' spreads
 * (every part is in exactly one), or null when one of them is not counted.
 */
export async function catalogueSpread(): Promise<FacetSpread | null> {
  const bands = await Promise.all(PRICE_BANDS.map((band) => readFacetCounts(priceBandList(band.id))));
  if (bands.some((band) => band === null)) return null;
  const sum: FacetSpread = { total: 0, category: {}, brand: {}, price: {} };
  for (const band of bands as FacetSpread[]) {
    sum.total += band.total;
    // Own keys only: a brand may be called "constructor".
    for (const field of FIELDS) for (const [value, count] of Object.entries(band[field])) sum[field][value] = (Object.hasOwn(sum[field], value) ? sum[field][value]! : 0) + count;
  }
  return sum;
}

/** Whether a catalogue with parts lacks its facet counts (made before them): `npm start`'s seed then reindexes it. */
export async function facetCountsMissing(): Promise<boolean> {
  return (await catalogueSpread()) === null;
}
