import "server-only";
import { PART_CATEGORIES, isPartCategory } from "@/lib/catalogue/categories";
import { FACET_LIST_PREFIXES, brandList, brandSlugOf, categoryList, priceBandList, priceBandOf } from "@/lib/catalogue/facets";
import { partNumbersOf } from "@/lib/catalogue/part-numbers";
import type { PartSort } from "@/lib/catalogue/query-string";
import { foldText, partTerms } from "@/lib/catalogue/search-terms";
import { facetCountNames } from "@/lib/catalogue/facet-counts";
import { type CountsOf, encodeKey, type ListChange } from "@/lib/storage/ordered-index";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";
import type { PartDoc } from "@/models/Part";

// The catalogue's ordered lists (lib/storage/ordered-index.ts): its own order and the two sorts of
// /parts, plus one list per search term, per part number and per facet value (lib/catalogue/facets.ts). Every part command keeps them, and
// reindexCatalogue rebuilds them from the parts themselves.

/** The catalogue's own order: oldest first, so the home page's "first 3" are stable. */
export const CATALOGUE_LIST = "parts:catalogue";
/** By unit price in cents: read forwards for price-asc, backwards for price-desc. */
export const PRICE_LIST = "parts:price";
/** By name, lower-cased with accents folded: A–Z as a person reads it. */
export const NAME_LIST = "parts:name";
export const SEARCH_LIST_PREFIX = "search:";
export const searchList = (term: string) => `${SEARCH_LIST_PREFIX}${term}`;
/** The parts bearing a number (MPN, SKU, GTIN or OEM), by its compact form (lib/catalogue/part-numbers.ts). */
export const NUMBER_LIST_PREFIX = "number:";
export const numberList = (compact: string) => `${NUMBER_LIST_PREFIX}${compact}`;

/** The list a sort reads, and whether backwards. */
export const SORT_LISTS: Record<PartSort | "catalogue", { list: string; descending: boolean }> = {
  catalogue: { list: CATALOGUE_LIST, descending: false },
  "price-asc": { list: PRICE_LIST, descending: false },
  "price-desc": { list: PRICE_LIST, descending: true },
  name: { list: NAME_LIST, descending: false },
};

/** What the lists need of a part. */
export type ListedPart = Pick<PartDoc, "_id" | "partsname" | "price" | "description"> &
  Partial<Pick<PartDoc, "brand" | "category" | "mpn" | "sku" | "gtin" | "oemNumbers" | "universal">> & { createdAt?: Date | null };

/** The projection that reads a ListedPart. */
export const LISTED_FIELDS = { partsname: 1, price: 1, description: 1, createdAt: 1, brand: 1, category: 1, mpn: 1, sku: 1, gtin: 1, oemNumbers: 1, universal: 1 } as const;

const priceCents = (price: number) => Math.max(0, Math.round(price * 100));
// A part written straight into the collection may lack createdAt: its id's time stands in.
const addedAt = (part: Pick<ListedPart, "_id" | "createdAt">) => (part.createdAt ?? part._id.getTimestamp()).getTime();

/**
 * A search key: catalogue order first, then the price and name a sorted search orders by, and the
 * category and brand its facets count, all in memory, without reading the parts. Its parts are split
 * by readSearchKey. The lists of the parts that fit a vehicle (lib/fitment/lists.ts) and of the
 * facets' values hold it too, so they page, sort and count like a search.
 */
export function searchKey(part: SortedPart): IndexKey {
  const category = isPartCategory(part.category) ? part.category : "";
  const brand = part.brand?.trim() ?? "";
  return encodeKey(addedAt(part), String(part._id), priceCents(part.price), foldText(part.partsname), category, brandSlugOf(brand), brand);
}

// encodeKey joins its parts with one separator and strips it from texts: two empty texts give it alone.
const SEPARATOR = encodeKey("", "");

export type SearchKey = { key: IndexKey; id: string; priceCents: number; name: string; category: string; brand: string; brandName: string };

export function readSearchKey(key: IndexKey): SearchKey {
  const [, id = "", price = "0", name = "", category = "", brand = "", brandName = ""] = key.split(SEPARATOR);
  return { key, id, priceCents: Number(price), name, category, brand, brandName };
}

type Entry = { list: string; key: IndexKey; counts?: readonly string[] };

/** The facet value lists a part is in: its price range, and its category and brand when it has them. */
export function facetValueListsOf(part: SortedPart): string[] {
  const brand = brandSlugOf(part.brand);
  return [priceBandList(priceBandOf(priceCents(part.price))), ...(isPartCategory(part.category) ? [categoryList(part.category)] : []), ...(brand ? [brandList(brand)] : [])];
}

/** What a part's keys in the sorts' lists and its search key are made of. */
export type SortedPart = Pick<ListedPart, "_id" | "partsname" | "price" | "createdAt" | "brand" | "category">;
/** The projection that reads a SortedPart. */
export const SORTED_FIELDS = { partsname: 1, price: 1, createdAt: 1, brand: 1, category: 1 } as const;

/** The sorts a facet value's parts are also listed in; its own list is in the catalogue's order. */
const FACET_SORTS = [PRICE_LIST, NAME_LIST];
const FACET_SORT_SEPARATOR = ">";

/**
 * The list of a facet value's parts in a sort's order (the list of that sort: CATALOGUE_LIST, PRICE_LIST
 * or NAME_LIST), so a page narrowed by one value is a page of a list. In the catalogue's order it is
 * the value's own list, whose keys are search keys; the others hold the sort's keys.
 */
export function facetSortList(valueList: string, sortList: string): string {
  return sortList === CATALOGUE_LIST ? valueList : `${valueList}${FACET_SORT_SEPARATOR}${sortList}`;
}

/** Whether a list is a facet value's own (not one of its sorts'). */
export const isFacetValueList = (list: string): boolean => FACET_LIST_PREFIXES.some((prefix) => list.startsWith(prefix)) && !list.includes(FACET_SORT_SEPARATOR);

/** A part's key in one sort's list (CATALOGUE_LIST, PRICE_LIST or NAME_LIST). */
export function sortListKey(part: SortedPart, list: string): IndexKey {
  const id = String(part._id);
  if (list === PRICE_LIST) return encodeKey(priceCents(part.price), id);
  if (list === NAME_LIST) return encodeKey(foldText(part.partsname), id);
  return encodeKey(addedAt(part), id);
}

/** Every list a part belongs in, with its key there. */
export function listEntriesOf(part: ListedPart): Entry[] {
  const inSearch = searchKey(part);
  return [
    ...[CATALOGUE_LIST, PRICE_LIST, NAME_LIST].map((list) => ({ list, key: sortListKey(part, list) })),
    ...partTerms({ ...part, categoryName: isPartCategory(part.category) ? PART_CATEGORIES[part.category] : null }).map((term) => ({ list: searchList(term), key: inSearch })),
    ...partNumbersOf(part).map((number) => ({ list: numberList(number), key: inSearch })),
    ...facetValueListsOf(part).flatMap((list) => [
      { list, key: inSearch, counts: facetCountNames(readSearchKey(inSearch)) },
      ...FACET_SORTS.map((sortList) => ({ list: facetSortList(list, sortList), key: sortListKey(part, sortList) })),
    ]),
  ];
}

/** The changes that take a part's entries from `before` to `after` (null: not in the catalogue). */
export function listChanges(before: ListedPart | null, after: ListedPart | null): ListChange[] {
  const old = before ? listEntriesOf(before) : [];
  const fresh = after ? listEntriesOf(after) : [];
  const id = (entry: Entry) => `${entry.list}\n${entry.key}`;
  const kept = new Set(old.map(id));
  const wanted = new Set(fresh.map(id));
  return [
    ...old.filter((entry) => !wanted.has(id(entry))).map((entry): ListChange => ({ ...entry, op: "remove" })),
    ...fresh.filter((entry) => !kept.has(id(entry))).map((entry): ListChange => ({ ...entry, op: "add" })),
  ];
}

/** What each key of a facet value's list bears that the list counts, for rebuilding it (reindexCatalogue). */
export const catalogueCountsOf: CountsOf = (list, key) => (isFacetValueList(list) ? facetCountNames(readSearchKey(key)) : undefined);
