import "server-only";
import { MAX_SEARCH_LENGTH, type PartSort } from "@/lib/catalogue/query-string";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { withoutControlCharacters } from "@/lib/validation/common";

// The catalogue's side of a search: what text is searched, and the sorts a customer may choose
// over relevance. Matching and ranking are lib/search's.

/** A search is read, not stored: its control characters are dropped, and it is cut to MAX_SEARCH_LENGTH. */
export const searchTextOf = (q: string | undefined): string => withoutControlCharacters(q ?? "").trim().slice(0, MAX_SEARCH_LENGTH);

const byPrice = (a: SearchEntry, b: SearchEntry) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byName = (a: SearchEntry, b: SearchEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Orders matches as the sorted catalogue lists do (price-desc is price-asc reversed, ties included); no sort keeps their relevance order. */
export function sortedMatches(matches: SearchEntry[], sort: PartSort | undefined): SearchEntry[] {
  if (sort === "name") return matches.sort(byName);
  if (sort === "price-asc") return matches.sort(byPrice);
  if (sort === "price-desc") return matches.sort(byPrice).reverse();
  return matches;
}
