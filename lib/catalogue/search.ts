import "server-only";
import { numberList, searchList } from "@/lib/catalogue/lists";
import { numberQueryOf } from "@/lib/vocabulary/part-numbers";
import { MAX_SEARCH_LENGTH, type PartSort } from "@/lib/catalogue/query-string";
import { queryTerms } from "@/lib/catalogue/search-terms";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { withoutControlCharacters } from "@/lib/validation/common";

// A search reads the inverted index of lib/catalogue/lists.ts, never the parts: the lists of its
// words, smallest first, so the cost follows how many parts the words match, not the catalogue (the
// facets count every match: lib/catalogue/faceted-search.ts).

/** A search is read, not stored: its control characters are dropped, and it is cut to MAX_SEARCH_LENGTH. */
const searchText = (q: string | undefined) => withoutControlCharacters(q ?? "").trim().slice(0, MAX_SEARCH_LENGTH);

type SearchList = ReturnType<typeof searchList>;

/** The lists of the words of a search text, null when it is blank. */
export function searchListsOf(q: string | undefined): SearchList[] | null {
  const text = searchText(q);
  return text ? queryTerms(text).map(searchList) : null;
}

/**
 * The list of the parts bearing the part number a search text is, typed with or without its dashes
 * and spaces; null when no part bears it, and the text is searched by its words.
 */
export async function numberListOf(q: string | undefined): Promise<SearchList | null> {
  const compact = numberQueryOf(searchText(q));
  if (!compact) return null;
  const list = numberList(compact);
  return (await list.size()) > 0 ? list : null;
}

const byPrice = (a: SearchEntry, b: SearchEntry) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byName = (a: SearchEntry, b: SearchEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Orders matches as the sorted catalogue lists do (price-desc is price-asc reversed, ties included). */
export function sortedMatches(matches: SearchEntry[], sort: PartSort | undefined): SearchEntry[] {
  if (sort === "name") return matches.sort(byName);
  if (sort === "price-asc") return matches.sort(byPrice);
  if (sort === "price-desc") return matches.sort(byPrice).reverse();
  return matches;
}
