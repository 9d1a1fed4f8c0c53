import "server-only";
import { readSearchKey, searchList, type SearchKey } from "@/lib/catalogue/lists";
import { MAX_SEARCH_LENGTH, type PartSort } from "@/lib/catalogue/query-string";
import { queryTerms } from "@/lib/catalogue/search-terms";
import { listSize, readList } from "@/lib/db/ordered-index";
import { withoutControlCharacters } from "@/lib/validation/common";

// A search reads the inverted index of lib/catalogue/lists.ts, never the parts: one term in the
// catalogue's order is a page of its list; a sort or several terms read the lists of the search
// whole, smallest first, so the cost follows how many parts the terms match, not the catalogue.

/**
 * The terms of a search text, null when it is blank. A search is read, not stored: its control
 * characters are dropped, and it is cut to MAX_SEARCH_LENGTH.
 */
export function searchTermsOf(q: string | undefined): string[] | null {
  const text = withoutControlCharacters(q ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  return text ? queryTerms(text) : null;
}

export type SearchPage = { ids: string[]; total: number };

const byPrice = (a: SearchKey, b: SearchKey) => a.priceCents - b.priceCents || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byName = (a: SearchKey, b: SearchKey) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Orders matches as the sorted catalogue lists do (price-desc is price-asc reversed, ties included). */
function sorted(matches: SearchKey[], sort: PartSort | undefined): SearchKey[] {
  if (sort === "name") return matches.sort(byName);
  if (sort === "price-asc") return matches.sort(byPrice);
  if (sort === "price-desc") return matches.sort(byPrice).reverse();
  return matches;
}

/** Every key of a term's list, in catalogue order. */
async function wholeList(term: string, size: number): Promise<string[]> {
  return size === 0 ? [] : (await readList(searchList(term), { offset: 0, limit: size })).keys;
}

/** The ids of one page of the parts matching every term, and how many match. */
export async function searchPage(terms: string[], { sort, offset, limit }: { sort?: PartSort; offset: number; limit: number }): Promise<SearchPage> {
  if (terms.length === 1 && !sort) {
    const { keys, total } = await readList(searchList(terms[0]!), { offset, limit });
    return { ids: keys.map((key) => readSearchKey(key).id), total };
  }
  const sizes = await Promise.all(terms.map(async (term) => ({ term, size: await listSize(searchList(term)) })));
  sizes.sort((a, b) => a.size - b.size);
  const [smallest, ...others] = sizes;
  let keys = await wholeList(smallest!.term, smallest!.size);
  // The others only narrow the smallest: once nothing is left, they need not be read.
  if (keys.length > 0 && others.length > 0) {
    const lists = await Promise.all(others.map(({ term, size }) => wholeList(term, size).then((list) => new Set(list))));
    keys = keys.filter((key) => lists.every((list) => list.has(key)));
  }
  const matches = sorted(keys.map(readSearchKey), sort);
  return { ids: matches.slice(offset, offset + limit).map((match) => match.id), total: matches.length };
}
