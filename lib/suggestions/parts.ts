import "server-only";
import { planMatches } from "@/lib/search/matches";
import { byRelevance } from "@/lib/search/ranking";
import { highlightRanges, type QueryPlan } from "@/lib/search/search";
import { findEachById } from "@/lib/storage/each-by-id";
import type { Suggestion } from "@/lib/validation/suggestions";
import { Part } from "@/models/Part";

// Parts by name, found as the results page finds them (lib/search): each word with its typo
// variants and synonyms, the last one as a beginning, at the search's bounded cost (a first page of
// each term's list, so a word in every part name costs what a rare word costs), ranked by the
// search's rules. Only parts whose name shows a match are offered, so every suggestion's marks say
// why it is there; then the few shown are read by _id for their names as written.

const NOTHING_SOLD_OUT: ReadonlySet<string> = new Set();

export async function partSuggestions(plan: QueryPlan, limit: number): Promise<Suggestion[]> {
  if (plan.words.length === 0 || limit <= 0) return [];
  const { matches } = await planMatches(plan);
  const shown = matches
    .filter((match) => match.numberMatch === 2 && highlightRanges(match.entry.name, plan).length > 0)
    .sort(byRelevance(NOTHING_SOLD_OUT, null))
    .slice(0, limit);
  const parts = await findEachById<{ _id: unknown; partsname: string }>(Part, shown.map((match) => match.entry.id), { partsname: 1 });
  return parts.map((part) => ({ kind: "part", label: part.partsname, href: `/parts/${String(part._id)}`, highlights: highlightRanges(part.partsname, plan) }));
}
