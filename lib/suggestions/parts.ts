import "server-only";
import { searchList } from "@/lib/catalogue/lists";
import { queryTerms } from "@/lib/catalogue/search-terms";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { findEachById } from "@/lib/storage/each-by-id";
import type { Suggestion } from "@/lib/validation/suggestions";
import { startsWordsOf, typedHighlights } from "@/lib/suggestions/typed-words";
import { Part } from "@/models/Part";

// Parts by name. Each typed word has its list of the parts bearing a word it begins (the 2+-letter
// prefix lists of lib/catalogue/lists.ts); one page of the smallest is read, never a whole list, so
// a word in every part name costs what a rare word costs. The page's entries carry the folded name
// and brand, so the other words are checked in memory: each must start a word of the name or the
// brand ("bosch pad"), and one at least the name, whose marks show why the part is offered. Then
// the few parts shown are read by _id for their names as written.

/** Entries read from the smallest list: enough for 8 good names among parts matched by their descriptions too. */
const CANDIDATES = 48;

type Ranked = { entry: SearchEntry; rank: number[] };

/** Every word in the name first, then names that start with the first word, then shorter names. */
function ranked(entry: SearchEntry, typed: readonly string[]): Ranked {
  return { entry, rank: [startsWordsOf(entry.name, typed) ? 0 : 1, entry.name.startsWith(typed[0] ?? "") ? 0 : 1, entry.name.length] };
}

/** Compared value by value; ties keep the list's order (the sort is stable). */
function byRank(a: Ranked, b: Ranked): number {
  for (const [i, value] of a.rank.entries()) {
    const difference = value - b.rank[i]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

export async function partSuggestions(typed: readonly string[], limit: number): Promise<Suggestion[]> {
  const terms = queryTerms(typed.join(" "));
  if (terms.length === 0 || limit <= 0) return [];
  const pages = await Promise.all(terms.map((term) => searchList(term).page({ offset: 0, limit: CANDIDATES })));
  const smallest = pages.reduce((a, b) => (b.total < a.total ? b : a));
  const shown = smallest.entries
    .filter((entry) => startsWordsOf(`${entry.name} ${entry.brandName}`, typed) && typed.some((word) => startsWordsOf(entry.name, [word])))
    .map((entry) => ranked(entry, typed))
    .sort(byRank)
    .slice(0, limit);
  const parts = await findEachById<{ _id: unknown; partsname: string }>(Part, shown.map(({ entry }) => entry.id), { partsname: 1 });
  return parts.map((part) => ({ kind: "part", label: part.partsname, href: `/parts/${String(part._id)}`, highlights: typedHighlights(part.partsname, typed) }));
}
