import "server-only";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { planMatches } from "@/lib/search/matches";
import { planQuery, type QueryPlan } from "@/lib/search/plan";
import { byRelevance } from "@/lib/search/ranking";

export type { QueryPlan } from "@/lib/search/plan";
export { planQuery } from "@/lib/search/plan";
export { didYouMean } from "@/lib/search/did-you-mean";
export { highlightRanges } from "@/lib/search/highlight";

/**
 * The parts a search text matches, most relevant first (lib/search/ranking.ts): `soldOut` and
 * `fitting` (the chosen vehicle's parts) are ids; `within`, the parts a page is narrowed to. `complete`: every match was found (no list was
 * read only in part), so counts are exact.
 */
export async function searchMatches(
  q: string,
  { soldOut, fitting, within = null }: { soldOut: ReadonlySet<string>; fitting: ReadonlySet<string> | null; within?: readonly SearchEntry[] | null },
): Promise<{ entries: SearchEntry[]; plan: QueryPlan; complete: boolean }> {
  const plan = await planQuery(q);
  const { matches, complete } = await planMatches(plan, within);
  return { entries: matches.sort(byRelevance(soldOut, fitting)).map((match) => match.entry), plan, complete };
}
