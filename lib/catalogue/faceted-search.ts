import "server-only";
import { PART_CATEGORIES, type PartCategory } from "@/lib/vocabulary/categories";
import { knownBrands } from "@/lib/catalogue/brands";
import { catalogueSpread } from "@/lib/catalogue/facet-counts";
import { type Counts, type FacetedPage, countsFrom, emptyCounts, facetsOf, tally } from "@/lib/catalogue/facet-tally";
import { facetValuePage } from "@/lib/catalogue/facet-value-page";
import { PRICE_BANDS, type FacetFilters, brandList, categoryList, priceBandList, priceBandOf } from "@/lib/catalogue/facets";
import { CATALOGUE_LIST, facetValueList, SORT_ORDERS, sortedList } from "@/lib/catalogue/lists";
import { outOfStockParts } from "@/lib/catalogue/out-of-stock";
import type { PartSort } from "@/lib/catalogue/query-string";
import { searchTextOf, sortedMatches } from "@/lib/catalogue/search";
import { type Vehicle, vehicleParts } from "@/lib/fitment/vehicle-parts";
import type { SortedPart } from "@/lib/parts/listed-part";
import { type SearchEntry, searchEntry } from "@/lib/parts/search-entry";
import { type QueryPlan, searchMatches } from "@/lib/search/search";
import type { MenuEntry } from "@/models/menu-entries";

export type { FacetCounts, FacetValue } from "@/lib/catalogue/facet-tally";

// The catalogue page with its facets (lib/catalogue/facets.ts). Not narrowed, the page is a page of
// a sort's list and the counts are the price ranges' counts kept on write, summed. Narrowed by one
// facet value alone, a page of that value's list (lib/catalogue/facet-value-page.ts). Narrowed by a
// search, a vehicle or several values, the matching parts' entries are read from the smallest list that
// holds them all, then filtered, counted and sorted in memory: the cost follows how many parts
// match, not the catalogue. A search's matches come ranked from lib/search, at a bounded cost.

/** `ranking`: the customer's chosen vehicle when the page is not narrowed to it: its parts rank first. */
export type CatalogueSearch = { q?: string; sort?: PartSort; vehicle?: (Vehicle & { engine?: string }) | null; ranking?: Vehicle | null; filters?: FacetFilters };
/** A search's page also says how it understood the text, and whether its count is exact (lib/search/matches.ts). */
export type SearchedPage = FacetedPage & { plan?: QueryPlan; complete?: boolean };

const matchesFilters = (key: SearchEntry, { category, brand, price }: FacetFilters) =>
  (!category || key.category === category) && (!brand || key.brand === brand) && (!price || priceBandOf(key.priceCents) === price);

/** The lists of the facet values chosen. */
const facetListsOf = ({ category, brand, price }: FacetFilters) => [category && categoryList(category), brand && brandList(brand), price && priceBandList(price)].filter((list): list is string => Boolean(list));

/** The entries the narrowing starts from: the smallest of the chosen facet values' and the vehicle's. */
async function startingEntries(filters: FacetFilters, fitting: SearchEntry[] | null): Promise<SearchEntry[]> {
  const sizes = await Promise.all(facetListsOf(filters).map(facetValueList).map(async (list) => ({ list, size: await list.size() })));
  const smallest = sizes.sort((a, b) => a.size - b.size)[0];
  if (fitting && (!smallest || fitting.length <= smallest.size)) return fitting;
  return smallest ? smallest.list.whole() : [];
}

/** `outOfStock` is still being read: a search reads its lists meanwhile, and waits for it only to rank. */
async function narrowedPage({ q, sort, vehicle, ranking, filters = {} }: CatalogueSearch, offset: number, limit: number, outOfStock: Promise<SortedPart[]>): Promise<SearchedPage> {
  const text = searchTextOf(q);
  const [fitting, ranked] = await Promise.all([vehicle ? vehicleParts(vehicle) : null, text && ranking && !vehicle ? vehicleParts(ranking) : null]);
  const fittingIds = fitting ? new Set(fitting.map((entry) => entry.id)) : null;
  const soldOut = outOfStock.then((parts) => new Set(parts.map((part) => String(part._id))));
  // Its failure is the page's when awaited below, not an unhandled rejection while the search runs.
  soldOut.catch(() => undefined);
  const rankedIds = fittingIds ?? (ranked ? new Set(ranked.map((entry) => entry.id)) : null);
  const searched = text ? await searchMatches(text, { soldOut, fitting: rankedIds, within: fitting }) : null;
  const gone = await soldOut;
  const starting = searched ? searched.entries : await startingEntries(filters, fitting);
  const matching = starting.filter((entry) => !fittingIds || fittingIds.has(entry.id)).filter((entry) => matchesFilters(entry, filters));
  const inStock = matching.filter((key) => !gone.has(key.id));
  const shown = filters.inStock ? inStock : matching;
  const ordered = sortedMatches(shown, sort);
  const counts = tally(emptyCounts(), shown);
  // A chosen brand no shown part bears is named as the brands' menu names it.
  const brandName = filters.brand && !counts.brand.has(filters.brand) ? (await knownBrands()).find((brand) => brand.slug === filters.brand)?.name : undefined;
  const page = { ids: ordered.slice(offset, offset + limit).map((key) => key.id), total: ordered.length, facets: facetsOf(counts, inStock.length, filters, brandName) };
  return searched ? { ...page, plan: searched.plan, complete: searched.complete } : page;
}

/** The whole catalogue's counts from each value's list size: for a database whose facet counts are not kept yet. */
async function countsFromListSizes(brands: readonly MenuEntry[]): Promise<Counts> {
  const [categories, prices, brandCounts] = await Promise.all([
    Promise.all(Object.keys(PART_CATEGORIES).map(async (category) => [category, await facetValueList(categoryList(category as PartCategory)).size()] as const)),
    Promise.all(PRICE_BANDS.map(async (band) => [band.id, await facetValueList(priceBandList(band.id)).size()] as const)),
    Promise.all(brands.map(async (brand) => [brand.slug, { name: brand.name, count: await facetValueList(brandList(brand.slug)).size() }] as const)),
  ]);
  return { category: new Map(categories), brand: new Map(brandCounts), price: new Map(prices) };
}

async function wholeCataloguePage({ sort, filters = {} }: CatalogueSearch, offset: number, limit: number, outOfStock: SortedPart[]): Promise<FacetedPage> {
  const [total, spread, brands] = await Promise.all([CATALOGUE_LIST.size(), catalogueSpread(), knownBrands()]);
  const counts = spread ? countsFrom(spread, brands) : await countsFromListSizes(brands);
  const inStock = total - outOfStock.length;
  const { order, descending } = SORT_ORDERS[sort ?? "catalogue"];
  const list = sortedList(order);
  if (filters.inStock) {
    tally(counts, outOfStock.map(searchEntry), -1);
    return { ids: await list.pageLeavingOut({ offset, limit, descending }, outOfStock), total: inStock, facets: facetsOf(counts, inStock) };
  }
  const { ids } = await list.idPage({ offset, limit, descending });
  return { ids, total, facets: facetsOf(counts, inStock) };
}

/** One page of the catalogue as its page shows it: narrowed, sorted and counted by facet. */
export async function facetedPage(search: CatalogueSearch, offset: number, limit: number): Promise<SearchedPage> {
  const reading = outOfStockParts();
  reading.catch(() => undefined);
  const { q, sort, vehicle, filters = {} } = search;
  const values = facetListsOf(filters);
  if (searchTextOf(q) || vehicle || values.length > 1) return narrowedPage(search, offset, limit, reading);
  const outOfStock = await reading;
  if (values.length === 0) return wholeCataloguePage(search, offset, limit, outOfStock);
  return (await facetValuePage(values[0]!, { sort, filters }, offset, limit, outOfStock)) ?? narrowedPage(search, offset, limit, reading);
}
