import "server-only";
import { PART_CATEGORIES, type PartCategory } from "@/lib/catalogue/categories";
import { knownBrands } from "@/lib/catalogue/brands";
import { PRICE_BANDS, type FacetFilters, brandList, categoryList, priceBandList, priceBandOf } from "@/lib/catalogue/facets";
import { CATALOGUE_LIST, readSearchKey, searchKey, type SearchKey, type SortedPart, SORT_LISTS, sortListKey } from "@/lib/catalogue/lists";
import { outOfStockParts } from "@/lib/catalogue/out-of-stock";
import type { PartSort } from "@/lib/catalogue/query-string";
import { matchingKeys, numberListOf, searchListsOf, sortedMatches } from "@/lib/catalogue/search";
import { keyId, listSize, readList, readWholeList } from "@/lib/db/ordered-index";
import { type Vehicle, vehiclePartKeys } from "@/lib/fitment/vehicle-parts";

// The catalogue page with its facets (lib/catalogue/facets.ts). Narrowed by a search, a vehicle or
// a facet value, the matching parts' keys are read from the smallest list that holds them all, then
// filtered, counted and sorted in memory: the cost follows how many parts match, not the catalogue.
// Not narrowed, the page is a page of a sort's list, and the counts are the lists' sizes.

export type FacetValue = { value: string; label: string; count: number };
export type FacetCounts = { categories: FacetValue[]; brands: FacetValue[]; prices: FacetValue[]; inStock: number };
export type CatalogueSearch = { q?: string; sort?: PartSort; vehicle?: (Vehicle & { engine?: string }) | null; filters?: FacetFilters };
export type FacetedPage = { ids: string[]; total: number; facets: FacetCounts };

/** How many brands the facet offers: the ones with the most parts. */
export const BRANDS_SHOWN = 20;

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.label.localeCompare(b.label);

type Counts = { category: Map<string, number>; brand: Map<string, { name: string; count: number }>; price: Map<string, number> };

/**
 * A chosen value stays among its facet's values, 0 parts or not (a bookmarked filter the catalogue
 * has since emptied), so the page always offers to take it off again.
 */
function withChosen(values: FacetValue[], chosen: string | undefined, label: string | undefined): FacetValue[] {
  if (!chosen || values.some((value) => value.value === chosen)) return values;
  return [{ value: chosen, label: label ?? chosen, count: 0 }, ...values];
}

/** Counts of the values of each facet, given a count per value (values with none are left out, unless chosen). */
function facetsOf(count: Counts, inStock: number, chosen: FacetFilters = {}, chosenBrandName?: string): FacetCounts {
  const categories = (Object.entries(PART_CATEGORIES) as [PartCategory, string][]).map(([value, label]) => ({ value, label, count: count.category.get(value) ?? 0 }));
  const prices = PRICE_BANDS.map((band) => ({ value: band.id, label: band.label, count: count.price.get(band.id) ?? 0 }));
  const brands = [...count.brand].map(([value, { name, count }]) => ({ value, label: name, count })).filter((facet) => facet.count > 0).sort(byCount).slice(0, BRANDS_SHOWN);
  const offered = (facet: FacetValue, value: string | undefined) => facet.count > 0 || facet.value === value;
  return {
    categories: categories.filter((facet) => offered(facet, chosen.category)),
    brands: withChosen(brands, chosen.brand, chosenBrandName),
    prices: prices.filter((facet) => offered(facet, chosen.price)),
    inStock,
  };
}

const emptyCounts = (): Counts => ({ category: new Map(), brand: new Map(), price: new Map() });

/** Adds (or, with -1, takes away) each key's values to the counts. */
function tally(counts: Counts, keys: readonly SearchKey[], sign = 1) {
  for (const key of keys) {
    if (key.category) counts.category.set(key.category, (counts.category.get(key.category) ?? 0) + sign);
    if (key.brand) {
      const known = counts.brand.get(key.brand);
      counts.brand.set(key.brand, { name: known?.name ?? key.brandName, count: (known?.count ?? 0) + sign });
    }
    const band = priceBandOf(key.priceCents);
    counts.price.set(band, (counts.price.get(band) ?? 0) + sign);
  }
  return counts;
}

const matchesFilters = (key: SearchKey, { category, brand, price }: FacetFilters) =>
  (!category || key.category === category) && (!brand || key.brand === brand) && (!price || priceBandOf(key.priceCents) === price);

/** The lists of the facet values chosen. */
const facetListsOf = ({ category, brand, price }: FacetFilters) => [category && categoryList(category), brand && brandList(brand), price && priceBandList(price)].filter((list): list is string => Boolean(list));

/** The keys the narrowing starts from: the search's, else the smallest of the chosen facet values' and the vehicle's. */
async function startingKeys(q: string | undefined, filters: FacetFilters, vehicleKeys: Set<string> | null): Promise<string[]> {
  const lists = searchListsOf(q);
  if (lists) {
    const numbered = await numberListOf(q);
    return numbered ? matchingKeys([numbered]) : lists.length > 0 ? matchingKeys(lists) : [];
  }
  const sizes = await Promise.all(facetListsOf(filters).map(async (list) => ({ list, size: await listSize(list) })));
  const smallest = sizes.sort((a, b) => a.size - b.size)[0];
  if (vehicleKeys && (!smallest || vehicleKeys.size <= smallest.size)) return [...vehicleKeys].sort();
  return smallest ? readWholeList(smallest.list) : [];
}

async function narrowedPage({ q, sort, vehicle, filters = {} }: CatalogueSearch, offset: number, limit: number, outOfStock: SortedPart[]): Promise<FacetedPage> {
  const vehicleKeys = vehicle ? await vehiclePartKeys(vehicle) : null;
  const matching = (await startingKeys(q, filters, vehicleKeys)).filter((key) => !vehicleKeys || vehicleKeys.has(key)).map(readSearchKey).filter((key) => matchesFilters(key, filters));
  const gone = new Set(outOfStock.map((part) => String(part._id)));
  const inStock = matching.filter((key) => !gone.has(key.id));
  const shown = filters.inStock ? inStock : matching;
  const ordered = sortedMatches(shown, sort);
  const counts = tally(emptyCounts(), shown);
  // A chosen brand no shown part bears is named as the brands' menu names it.
  const brandName = filters.brand && !counts.brand.has(filters.brand) ? (await knownBrands()).find((brand) => brand.slug === filters.brand)?.name : undefined;
  return { ids: ordered.slice(offset, offset + limit).map((key) => key.id), total: ordered.length, facets: facetsOf(counts, inStock.length, filters, brandName) };
}

/**
 * One page of a sort's list without the parts out of stock, reading one window of it: the window
 * starts where the page would without them, and is long enough to skip those before it and in it.
 * The sold-out parts before its first key are counted from their own keys, no read needed.
 */
async function inStockPage(sort: PartSort | undefined, outOfStock: SortedPart[], offset: number, limit: number): Promise<string[]> {
  const { list, descending } = SORT_LISTS[sort ?? "catalogue"];
  const soldOut = outOfStock.map((part) => sortListKey(part, list));
  const gone = new Set(outOfStock.map((part) => String(part._id)));
  // Each part of the page lies at most soldOut.length places past where it would without them.
  const { keys } = await readList(list, { offset, limit: limit + soldOut.length, descending });
  const first = keys[0];
  if (first === undefined) return [];
  const before = soldOut.filter((key) => (descending ? key > first : key < first)).length;
  return keys.map(keyId).filter((id) => !gone.has(id)).slice(before, before + limit);
}

async function wholeCataloguePage({ sort, filters = {} }: CatalogueSearch, offset: number, limit: number, outOfStock: SortedPart[]): Promise<FacetedPage> {
  const brands = await knownBrands();
  const [total, categories, prices, brandCounts] = await Promise.all([
    listSize(CATALOGUE_LIST),
    Promise.all(Object.keys(PART_CATEGORIES).map(async (category) => [category, await listSize(categoryList(category as PartCategory))] as const)),
    Promise.all(PRICE_BANDS.map(async (band) => [band.id, await listSize(priceBandList(band.id))] as const)),
    Promise.all(brands.map(async (brand) => [brand.slug, { name: brand.name, count: await listSize(brandList(brand.slug)) }] as const)),
  ]);
  const counts = { category: new Map<string, number>(categories), brand: new Map(brandCounts), price: new Map<string, number>(prices) };
  const inStock = total - outOfStock.length;
  if (filters.inStock) {
    tally(counts, outOfStock.map((part) => readSearchKey(searchKey(part))), -1);
    return { ids: await inStockPage(sort, outOfStock, offset, limit), total: inStock, facets: facetsOf(counts, inStock) };
  }
  const { list, descending } = SORT_LISTS[sort ?? "catalogue"];
  const { keys } = await readList(list, { offset, limit, descending });
  return { ids: keys.map(keyId), total, facets: facetsOf(counts, inStock) };
}

/** One page of the catalogue as its page shows it: narrowed, sorted and counted by facet. */
export async function facetedPage(search: CatalogueSearch, offset: number, limit: number): Promise<FacetedPage> {
  const outOfStock = await outOfStockParts();
  const { q, vehicle, filters = {} } = search;
  const narrowed = Boolean(searchListsOf(q)) || Boolean(vehicle) || facetListsOf(filters).length > 0;
  return narrowed ? narrowedPage(search, offset, limit, outOfStock) : wholeCataloguePage(search, offset, limit, outOfStock);
}
