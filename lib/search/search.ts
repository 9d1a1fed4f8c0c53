import "server-only";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { numberQueryOf } from "@/lib/vocabulary/part-numbers";
import { listReader, planMatches } from "@/lib/search/matches";
import { planQuery, searchText, type QueryPlan } from "@/lib/search/plan";
import { MAX_QUERY_WORDS, searchWords } from "@/lib/search/terms";
import { byRelevance } from "@/lib/search/ranking";

export type { QueryPlan } from "@/lib/search/plan";
export { planQuery } from "@/lib/search/plan";
export { didYouMean } from "@/lib/search/did-you-mean";
export { highlightRanges } from "@/lib/search/highlight";

/**
 * The parts a search text matches, most relevant first (lib/search/ranking.ts): `soldOut` (awaited
 * only to rank, so it may still be read meanwhile) and `fitting` (the chosen vehicle's parts) are ids; `within`, the parts a page is narrowed to.
 * `complete`: every match was found (no list was read only in part), so counts are exact.
 */
export async function searchMatches(
  q: string,
  { soldOut, fitting, within = null }: { soldOut: ReadonlySet<string> | Promise<ReadonlySet<string>>; fitting: ReadonlySet<string> | null; within?: readonly SearchEntry[] | null },
): Promise<{ entries: SearchEntry[]; plan: QueryPlan; complete: boolean }> {
  // The typed words' lists and the number's are read while the plan looks up typos and synonyms: most searches need them.
  const read = listReader();
  const number = numberQueryOf(searchText(q));
  const ahead = [...new Set(searchWords(searchText(q)))].slice(0, MAX_QUERY_WORDS).map((word) => read("term", word));
  void Promise.all(number ? [...ahead, read("number", number)] : ahead).catch(() => undefined);
  const plan = await planQuery(q);
  const { matches, complete } = await planMatches(plan, within, read);
  return { entries: matches.sort(byRelevance(await soldOut, fitting)).map((match) => match.entry), plan, complete };
}
