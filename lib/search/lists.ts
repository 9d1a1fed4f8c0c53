import { PART_CATEGORIES, isPartCategory } from "@/lib/vocabulary/categories";
import { numberPrefixesOf, partNumbersOf } from "@/lib/vocabulary/part-numbers";
import type { ListedPart } from "@/lib/parts/listed-part";
import { SEARCH_FIELDS, searchEntry } from "@/lib/parts/search-entry";
import { type ListChange, orderedLists } from "@/lib/storage/ordered-lists";
import { partTerms, searchWords } from "@/lib/search/terms";
import { typoKeys, TYPO_INDEXED_LENGTH } from "@/lib/search/typos";

// The search's lists, kept on every part write (partListChanges) and rebuilt by `npm run reindex`:
// - one per term (each word of a part's name, brand, category and description, and its prefixes
//   from 2 letters), of search entries in catalogue order: a word and a prefix are one read;
// - one per compact part number, and one per number prefix from 4 characters;
// - the typo index: one per deletion key (a word, or the word less one letter) of the words of a
//   part's name, brand and category, holding (word, part) and counting the words, so the words one
//   edit away from a typed word are a few directory reads, whatever the catalogue's size.

export const SEARCH_LIST_PREFIX = "search:";
export const searchList = orderedLists((term: string) => `${SEARCH_LIST_PREFIX}${term}`, SEARCH_FIELDS);
/** The parts bearing a number (MPN, SKU, GTIN or OEM), by its compact form (lib/vocabulary/part-numbers.ts). */
export const NUMBER_LIST_PREFIX = "number:";
export const numberList = orderedLists((compact: string) => `${NUMBER_LIST_PREFIX}${compact}`, SEARCH_FIELDS);
/** The parts bearing a number that begins so (4 characters or more), but is longer. */
export const NUMBER_PREFIX_LIST_PREFIX = "number-prefix:";
export const numberPrefixList = orderedLists((prefix: string) => `${NUMBER_PREFIX_LIST_PREFIX}${prefix}`, SEARCH_FIELDS);
export const TYPO_LIST_PREFIX = "typo:";
const TYPO_FIELDS = { word: "text", id: "text" } as const;
export const typoList = orderedLists((key: string) => `${TYPO_LIST_PREFIX}${key}`, TYPO_FIELDS, { counts: (entry) => [entry.word] });

/** The list name prefixes the search's derived lists bear, for a rebuild that drops the stale ones. */
export const SEARCH_LIST_PREFIXES = [SEARCH_LIST_PREFIX, NUMBER_LIST_PREFIX, NUMBER_PREFIX_LIST_PREFIX, TYPO_LIST_PREFIX];

/** The words of a part a typo may reach: its name's, brand's and category's, letters only, long enough to bear a typo. */
export function typoWordsOf(part: Pick<ListedPart, "partsname" | "brand" | "category">): string[] {
  const category = isPartCategory(part.category) ? PART_CATEGORIES[part.category] : "";
  const words = searchWords(`${part.partsname} ${part.brand ?? ""} ${category}`);
  return [...new Set(words.filter((word) => word.length >= TYPO_INDEXED_LENGTH && /^\p{L}+$/u.test(word)))];
}

/** The changes that put a part in the search's lists, or take it out of them. */
export function searchListChanges(part: ListedPart, op: "add" | "remove"): ListChange[] {
  const entry = searchEntry(part);
  const id = entry.id;
  const categoryName = isPartCategory(part.category) ? PART_CATEGORIES[part.category] : null;
  return [
    ...partTerms({ ...part, categoryName }).map((term) => searchList(term).change(entry, op)),
    ...partNumbersOf(part).map((number) => numberList(number).change(entry, op)),
    ...numberPrefixesOf(part).map((prefix) => numberPrefixList(prefix).change(entry, op)),
    ...typoWordsOf(part).flatMap((word) => typoKeys(word, 1).map((key) => typoList(key).change({ word, id }, op))),
  ];
}
