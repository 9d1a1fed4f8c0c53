import type { SearchEntry } from "@/lib/parts/search-entry";

// Relevance as a bucket sort, as Meilisearch ranks: each rule only orders the parts the rules
// before it left tied. The exact part number; the query words matched (most first); typos (fewest
// first); where the words matched (name, then brand and category, then description); the words in
// the name in order and close together; whole words before beginnings and synonyms; in stock before
// sold out; fitting the chosen vehicle before the rest; then the catalogue's order.

/** A word matched outside the name: its place in the name is unknown, and counts as far. */
export const NOT_IN_NAME = -1;
/** The farthest two words count as apart: beyond, all are equally far. */
const FAR = 8;

/** How one query word matched a part: its typos, its field (0 name, 1 brand or category, 2 description), whether whole, its place in the name. */
export type WordMatch = { typos: number; synonym: boolean; field: number; exactness: number; position: number };

export type Match = {
  entry: SearchEntry;
  /** 0 the exact part number, 1 a number's beginning, 2 none. */
  numberMatch: number;
  words: number;
  typos: number;
  field: number;
  proximity: number;
  exactness: number;
};

/** How far apart the matched words stand in the name, in the query's order: 0 when they follow each other. */
export function proximityOf(words: readonly (WordMatch | null)[]): number {
  let distance = 0;
  for (let i = 1; i < words.length; i++) {
    const [before, after] = [words[i - 1], words[i]];
    if (!before || !after) continue;
    if (before.position === NOT_IN_NAME || after.position === NOT_IN_NAME) distance += FAR;
    else distance += Math.min(FAR, after.position > before.position ? after.position - before.position - 1 : before.position - after.position + 1);
  }
  return distance;
}

/** Matches in relevance order: `soldOut` and `fitting` are part ids. */
export function byRelevance(soldOut: ReadonlySet<string>, fitting: ReadonlySet<string> | null): (a: Match, b: Match) => number {
  const fits = (match: Match) => (fitting && !fitting.has(match.entry.id) ? 1 : 0);
  return (a, b) =>
    a.numberMatch - b.numberMatch ||
    b.words - a.words ||
    a.typos - b.typos ||
    a.field - b.field ||
    a.proximity - b.proximity ||
    a.exactness - b.exactness ||
    Number(soldOut.has(a.entry.id)) - Number(soldOut.has(b.entry.id)) ||
    fits(a) - fits(b) ||
    a.entry.addedAt - b.entry.addedAt ||
    (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0);
}
