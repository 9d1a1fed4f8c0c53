import "server-only";
import { isPartCategory } from "@/lib/vocabulary/categories";
import { brandList, categoryList, priceBandList, priceBandOf } from "@/lib/catalogue/facets";
import type { PartSort } from "@/lib/catalogue/query-string";
import { searchListChanges } from "@/lib/search/lists";
import { addedAt, type ListedPart, priceCents, type SortedPart } from "@/lib/parts/listed-part";
import { foldText } from "@/lib/vocabulary/names";
import { brandSlugOf, SEARCH_FIELDS, type SearchEntry, searchEntry } from "@/lib/parts/search-entry";
import { changesBetween, type Entry, type Fields, type ListChange, ListsRebuild, type ListWindow, type OrderedList, orderedList, orderedLists } from "@/lib/storage/ordered-lists";

// The catalogue's ordered lists (lib/storage/ordered-lists.ts): its own order and the two sorts of
// /parts, the search's (lib/search/lists.ts), and one list per facet value (lib/catalogue/facets.ts),
// each facet value's also in the two sorts. Every part command keeps them (partListChanges), and
// reindexCatalogue rebuilds them from the parts themselves.

/** A list of parts in one order: its pages, and a part's change there. */
export type PartsList = {
  readonly name: string;
  change(part: SortedPart, op: "add" | "remove"): ListChange;
  idPage(window: ListWindow): Promise<{ ids: string[]; total: number }>;
  size(): Promise<number>;
  /** A page without these parts (out of stock): see OrderedList.pageLeavingOut. */
  pageLeavingOut(window: ListWindow, parts: readonly SortedPart[]): Promise<string[]>;
};

function partsList<F extends Fields>(list: OrderedList<F>, entryOf: (part: SortedPart) => Entry<F>): PartsList {
  return {
    name: list.name,
    change: (part, op) => list.change(entryOf(part), op),
    idPage: (window) => list.idPage(window),
    size: () => list.size(),
    pageLeavingOut: (window, parts) => list.pageLeavingOut(window, parts.map(entryOf)),
  };
}

/** The catalogue's own order: oldest first, so the home page's "first 3" are stable. */
const CATALOGUE_FIELDS = { addedAt: "number", id: "text" } as const;
/** By unit price in cents: read forwards for price-asc, backwards for price-desc. */
const PRICE_FIELDS = { priceCents: "number", id: "text" } as const;
/** By name, lower-cased with accents folded: A–Z as a person reads it. */
const NAME_FIELDS = { name: "text", id: "text" } as const;

const catalogueEntry = (part: SortedPart) => ({ addedAt: addedAt(part), id: String(part._id) });
const priceEntry = (part: SortedPart) => ({ priceCents: priceCents(part.price), id: String(part._id) });
const nameEntry = (part: SortedPart) => ({ name: foldText(part.partsname), id: String(part._id) });

export type PartOrder = "catalogue" | "price" | "name";

const catalogueOrder = orderedList("parts:catalogue", CATALOGUE_FIELDS);
const priceOrder = orderedList("parts:price", PRICE_FIELDS);
const nameOrder = orderedList("parts:name", NAME_FIELDS);

export const CATALOGUE_LIST = partsList(catalogueOrder, catalogueEntry);
const SORTED_LISTS: Record<PartOrder, PartsList> = {
  catalogue: CATALOGUE_LIST,
  price: partsList(priceOrder, priceEntry),
  name: partsList(nameOrder, nameEntry),
};

/** A rebuild of the catalogue's lists: the sorts' always (an empty catalogue empties them), the others as parts are added to it. */
export function catalogueRebuild(): ListsRebuild {
  const rebuild = new ListsRebuild();
  rebuild.include(catalogueOrder);
  rebuild.include(priceOrder);
  rebuild.include(nameOrder);
  return rebuild;
}

/** The order a sort reads, and whether backwards. */
export const SORT_ORDERS: Record<PartSort | "catalogue", { order: PartOrder; descending: boolean }> = {
  catalogue: { order: "catalogue", descending: false },
  "price-asc": { order: "price", descending: false },
  "price-desc": { order: "price", descending: true },
  name: { order: "name", descending: false },
};

export const sortedList = (order: PartOrder): PartsList => SORTED_LISTS[order];

/** The search's lists are lib/search's (terms, part numbers, typos); the catalogue keeps them with its own. */
export { numberList, searchList } from "@/lib/search/lists";

/** What a part's search entry bears that the facet value lists count: "category:brakes", "brand:bosch", "price:under-25". */
export function facetCountNames(entry: Pick<SearchEntry, "category" | "brand" | "priceCents">): string[] {
  return [...(entry.category ? [`category:${entry.category}`] : []), ...(entry.brand ? [`brand:${entry.brand}`] : []), `price:${priceBandOf(entry.priceCents)}`];
}

/** A facet value's list (named by lib/catalogue/facets.ts), in the catalogue's order, counting what its parts bear. */
export const facetValueList = orderedLists((name: string) => name, SEARCH_FIELDS, { counts: facetCountNames });
const facetPriceList = orderedLists((valueList: string) => `${valueList}>parts:price`, PRICE_FIELDS);
const facetNameList = orderedLists((valueList: string) => `${valueList}>parts:name`, NAME_FIELDS);

/**
 * The list of a facet value's parts in an order, so a page narrowed by one value is a page of a
 * list. In the catalogue's order it is the value's own list, of search entries.
 */
export function facetSortList(valueList: string, order: PartOrder): PartsList {
  if (order === "price") return partsList(facetPriceList(valueList), priceEntry);
  if (order === "name") return partsList(facetNameList(valueList), nameEntry);
  return partsList(facetValueList(valueList), searchEntry);
}

/** The facet value lists a part is in: its price range, and its category and brand when it has them. */
export function facetValueListsOf(part: SortedPart): string[] {
  const brand = brandSlugOf(part.brand);
  return [priceBandList(priceBandOf(priceCents(part.price))), ...(isPartCategory(part.category) ? [categoryList(part.category)] : []), ...(brand ? [brandList(brand)] : [])];
}

/** The changes that put a part in every list it belongs in, or take it out of them. */
export function partListChanges(part: ListedPart, op: "add" | "remove"): ListChange[] {
  const inSearch = searchEntry(part);
  return [
    ...Object.values(SORTED_LISTS).map((list) => list.change(part, op)),
    ...searchListChanges(part, op),
    ...facetValueListsOf(part).flatMap((list) => [facetValueList(list).change(inSearch, op), facetSortList(list, "price").change(part, op), facetSortList(list, "name").change(part, op)]),
  ];
}

/** The changes that take a part's entries from `before` to `after` (null: not in the catalogue). */
export function listChanges(before: ListedPart | null, after: ListedPart | null): ListChange[] {
  return changesBetween(before ? partListChanges(before, "remove") : [], after ? partListChanges(after, "add") : []);
}
