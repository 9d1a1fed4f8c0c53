import "server-only";
import { numberList, searchList, type SearchKey } from "@/lib/catalogue/lists";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";
import { numberQueryOf } from "@/lib/catalogue/part-numbers";
import { MAX_SEARCH_LENGTH, type PartSort } from "@/lib/catalogue/query-string";
import { queryTerms } from "@/lib/catalogue/search-terms";
import { listSize, readList } from "@/lib/storage/ordered-index";
import { withoutControlCharacters } from "@/lib/validation/common";

// A search reads the inverted index of lib/catalogue/lists.ts, never the parts: the lists of its
// words, smallest first, so the cost follows how many parts the words match, not the catalogue (the
// facets count every match: lib/catalogue/faceted-search.ts).

/** A search is read, not stored: its control characters are dropped, and it is cut to MAX_SEARCH_LENGTH. */
const searchText = (q: string | undefined) => withoutControlCharacters(q ?? "").trim().slice(0, MAX_SEARCH_LENGTH);

/** The lists of the words of a search text, null when it is blank. */
export function searchListsOf(q: string | undefined): string[] | null {
  const text = searchText(q);
  return text ? queryTerms(text).map(searchList) : null;
}

/**
 * The list of the parts bearing the part number a search text is, typed with or without its dashes
 * and spaces; null when no part bears it, and the text is searched by its words.
 */
export async function numberListOf(q: string | undefined): Promise<string | null> {
  const compact = numberQueryOf(searchText(q));
  if (!compact) return null;
  const list = numberList(compact);
  return (await listSize(list)) > 0 ? list : null;
}

const byPrice = (a: SearchKey, b: SearchKey) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byName = (a: SearchKey, b: SearchKey) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Orders matches as the sorted catalogue lists do (price-desc is price-asc reversed, ties included). */
export function sortedMatches(matches: SearchKey[], sort: PartSort | undefined): SearchKey[] {
  if (sort === "name") return matches.sort(byName);
  if (sort === "price-asc") return matches.sort(byPrice);
  if (sort === "price-desc") return matches.sort(byPrice).reverse();
  return matches;
}

/** Every key of a list, in catalogue order. */
async function wholeList(list: string, size: number): Promise<string[]> {
  return size === 0 ? [] : (await readList(list, { offset: 0, limit: size })).keys;
}

/** The keys in every one of these lists, in catalogue order: the smallest is read whole, and narrowed by the others. */
export async function matchingKeys(lists: string[]): Promise<IndexKey[]> {
  const sizes = await Promise.all(lists.map(async (list) => ({ list, size: await listSize(list) })));
  sizes.sort((a, b) => a.size - b.size);
  const [smallest, ...others] = sizes;
  const keys = await wholeList(smallest!.list, smallest!.size);
  // The others only narrow the smallest: once nothing is left, they need not be read.
  if (keys.length === 0 || others.length === 0) return keys;
  const sets = await Promise.all(others.map(({ list, size }) => wholeList(list, size).then((keys) => new Set(keys))));
  return keys.filter((key) => sets.every((set) => set.has(key)));
}
