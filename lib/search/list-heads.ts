import "server-only";
import { cachedOrDirect, publicRead } from "@/lib/cache/public-read";
import { CACHE_TAGS } from "@/lib/cache/tags";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { numberList, numberPrefixList, searchList, typoList } from "@/lib/search/lists";

// What a search reads of the index, from the process's data cache (lib/cache/public-read.ts): the
// head of a term's or a number's list (the first MAX_READ entries, all a search ever reads of it)
// and the words a typo key counts. The lists change only when a part is written, which expires the
// `parts` tag in every server process, so a cached head is as true as the list. A word in every
// part name is then searched from memory after its first search, as a rare word is; a cold read is
// a directory and two chunks. A word no part bears is cached as an empty head of a few bytes.

/** Entries read from one list at most: two chunks of the lists' storage. */
export const MAX_READ = 400;

export type ListHead = { entries: SearchEntry[]; total: number };
export type HeadKind = "term" | "number" | "number-prefix";

const LISTS = { term: searchList, number: numberList, "number-prefix": numberPrefixList } as const;

async function readHead(kind: HeadKind, key: string): Promise<ListHead> {
  const { entries, total } = await LISTS[kind](key).page({ offset: 0, limit: MAX_READ });
  return { entries, total };
}

async function readTypoCounts(key: string): Promise<Record<string, number>> {
  return (await typoList(key).counted()).counts ?? {};
}

const cachedHead = publicRead(readHead, ["search-list-head"], [CACHE_TAGS.parts]);
const cachedTypoCounts = publicRead(readTypoCounts, ["search-typo-counts"], [CACHE_TAGS.parts]);

/** The first MAX_READ entries of a term's (or a number's) list, and its size. */
export function listHead(kind: HeadKind, key: string): Promise<ListHead> {
  return cachedOrDirect(
    () => cachedHead(kind, key),
    () => readHead(kind, key),
  );
}

/** The indexed words listed under a typo key, each with the number of parts bearing it. */
export function typoCounts(key: string): Promise<Record<string, number>> {
  return cachedOrDirect(
    () => cachedTypoCounts(key),
    () => readTypoCounts(key),
  );
}
