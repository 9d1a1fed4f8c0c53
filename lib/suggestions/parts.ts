import "server-only";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { listHead } from "@/lib/search/list-heads";
import type { PlanWord } from "@/lib/search/plan";
import { highlightRanges, type QueryPlan } from "@/lib/search/search";
import { findEachById } from "@/lib/storage/each-by-id";
import type { Suggestion } from "@/lib/validation/suggestions";
import { foldedWords } from "@/lib/suggestions/typed-words";
import { Part } from "@/models/Part";

// Parts by name, from the search's plan of the text (its typo variants and synonyms; the last word
// a beginning) but not its full matching: a suggestion is asked on every pause in typing, so it
// reads less. Each term word's list head (lib/search/list-heads.ts: its size and first entries, from
// the data cache once read) tells its size; the plan word whose lists are the smallest gives the
// candidates, the first entries of each of its lists, so a word in every part name costs what a rare word costs; every other word is checked in memory against the
// entries' folded name and brand. A part is offered only when its name shows a match, so its marks
// say why it is there; the few shown are read by _id for their names as written.

/** Entries read from each list of the rarest word: enough for 8 good names among the parts it also finds by their descriptions. */
const CANDIDATES = 48;

/** The single words of a plan word's terms: "brake disc" is found through "brake" and "disc". */
const listWords = (word: PlanWord) => [...new Set(word.terms.flatMap((term) => term.term.split(" ")))];

const begins = (words: readonly string[]) => (typed: string) => words.some((word) => (typed.length === 1 ? word === typed : word.startsWith(typed)));

type Ranked = { entry: SearchEntry; rank: number[] };

/** The part's rank for the plan, or null when a word matches nowhere in its name or brand, or nothing in its name. */
function ranked(entry: SearchEntry, plan: QueryPlan): Ranked | null {
  const name = foldedWords(entry.name);
  const all = [...name, ...foldedWords(entry.brandName)];
  let typos = 0;
  let outsideName = 0;
  for (const word of plan.words) {
    const found = word.terms.filter((term) => term.term.split(" ").every(begins(all))).sort((a, b) => a.typos - b.typos)[0];
    if (!found) return null;
    typos += found.typos + Number(found.synonym);
    if (!found.term.split(" ").every(begins(name))) outsideName++;
  }
  if (outsideName === plan.words.length) return null;
  // Fewer typos and synonyms, then every word in the name, then a name that starts with the first word, then shorter names.
  return { entry, rank: [typos, outsideName, name[0]?.startsWith(plan.words[0]!.typed) ? 0 : 1, entry.name.length] };
}

/** Compared value by value; ties keep the list's order (the sort is stable). */
function byRank(a: Ranked, b: Ranked): number {
  for (const [i, value] of a.rank.entries()) {
    const difference = value - b.rank[i]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

export async function partSuggestions(plan: QueryPlan, limit: number): Promise<Suggestion[]> {
  if (plan.words.length === 0 || limit <= 0) return [];
  const heads = await Promise.all(plan.words.map((word) => Promise.all(listWords(word).map((term) => listHead("term", term)))));
  const sizes = heads.map((lists) => lists.reduce((sum, head) => sum + head.total, 0));
  const rarest = heads[sizes.indexOf(Math.min(...sizes))]!;
  const candidates = new Map(rarest.flatMap((head) => head.entries.slice(0, CANDIDATES)).map((entry) => [entry.id, entry]));
  const shown = [...candidates.values()]
    .map((entry) => ranked(entry, plan))
    .filter((found): found is Ranked => found !== null)
    .sort(byRank)
    .slice(0, limit);
  const parts = await findEachById<{ _id: unknown; partsname: string }>(Part, shown.map(({ entry }) => entry.id), { partsname: 1 });
  return parts.map((part) => ({ kind: "part", label: part.partsname, href: `/parts/${String(part._id)}`, highlights: highlightRanges(part.partsname, plan) }));
}
