import "server-only";
import { PART_CATEGORIES, isPartCategory } from "@/lib/vocabulary/categories";
import type { SearchEntry } from "@/lib/parts/search-entry";
import { type HeadKind, listHead, MAX_READ } from "@/lib/search/list-heads";
import { type PlanTerm, type QueryPlan, readsNumberPrefix } from "@/lib/search/plan";
import { type Match, type WordMatch, NOT_IN_NAME, proximityOf } from "@/lib/search/ranking";
import { searchWords } from "@/lib/search/terms";
import { namedVehicleParts } from "@/lib/search/vehicles";

// The parts a plan matches, scored for ranking, at a cost bounded whatever the words. Each term's
// list is read from its start (catalogue order) up to MAX_READ entries: a rare word's whole, a word
// in every part name its first MAX_READ. A part found by one word is checked against the others in
// memory, on the name, brand and category its entry carries; a word found only in a description is
// known from its list as far as it was read. So every part matching the rarest word in a name,
// brand or category is found, and when no list was cut the matches are exact (`complete`).

type Read = { ids: Set<string>; entries: SearchEntry[]; complete: boolean };

/** Reads a list's head (lib/search/list-heads.ts), each list once per search however many terms name it. */
export type ListReader = (kind: HeadKind, key: string) => Promise<Read>;

export function listReader(): ListReader {
  const reads = new Map<string, Promise<Read>>();
  return (kind, key): Promise<Read> => {
    const known = reads.get(`${kind}:${key}`);
    if (known) return known;
    const read = listHead(kind, key).then(({ entries, total }) => ({ ids: new Set(entries.map((entry) => entry.id)), entries, complete: total <= MAX_READ }));
    reads.set(`${kind}:${key}`, read);
    return read;
  };
}

type Fields = { name: string[]; other: string[] };
/** A part's words by field: the entry's name is folded already; brand and category words repeat across parts, so are folded once a search. */
function fieldsReader(): (entry: SearchEntry) => Fields {
  const others = new Map<string, string[]>();
  return (entry) => {
    const key = `${entry.brandName}\n${entry.category}`;
    let other = others.get(key);
    if (!other) {
      other = searchWords(`${entry.brandName} ${isPartCategory(entry.category) ? PART_CATEGORIES[entry.category] : ""}`);
      others.set(key, other);
    }
    return { name: entry.name.split(/[^\p{L}\p{N}]+/u).filter(Boolean), other };
  };
}

type WordHit = Omit<WordMatch, "typos" | "synonym">;
const IN_DESCRIPTION: WordHit = { field: 2, exactness: 0, position: NOT_IN_NAME };

// A one-letter word matches itself only: prefixes are indexed from two letters.
const hits = (word: string, found: string) => (word.length === 1 ? found === word : found.startsWith(word));

/** How one word of a term matches a part: in its name (where), brand or category, or only its list (a description). */
function termWordMatch(word: string, fields: Fields, read: Read, id: string): WordHit | null {
  // Plain loops: this runs for every word of every term of every part a search reads.
  for (let position = 0; position < fields.name.length; position++) {
    const found = fields.name[position]!;
    if (hits(word, found)) return { field: 0, exactness: found === word ? 0 : 1, position };
  }
  for (const found of fields.other) if (hits(word, found)) return { field: 1, exactness: found === word ? 0 : 1, position: NOT_IN_NAME };
  return read.ids.has(id) ? IN_DESCRIPTION : null;
}

/** A plan's term with its words split once a search, not once a part. */
type SplitTerm = PlanTerm & { words: string[] };

function termMatch(term: SplitTerm, fields: Fields, reads: Map<string, Read>, id: string): WordMatch | null {
  const match: WordMatch = { typos: term.typos, synonym: term.synonym, field: 0, exactness: 0, position: NOT_IN_NAME };
  for (let at = 0; at < term.words.length; at++) {
    const word = term.words[at]!;
    const found = termWordMatch(word, fields, reads.get(word)!, id);
    if (!found) return null;
    match.field = Math.max(match.field, found.field);
    match.exactness += found.exactness;
    if (at === 0) match.position = found.position;
  }
  return match;
}

const better = (a: WordMatch, b: WordMatch) => a.typos - b.typos || a.field - b.field || a.exactness - b.exactness || Number(a.synonym) - Number(b.synonym);

/** How a query word matches a part at best, of its terms: null when none does. */
function wordMatch(terms: readonly SplitTerm[], fields: Fields, reads: Map<string, Read>, id: string): WordMatch | null {
  let best: WordMatch | null = null;
  for (const term of terms) {
    const found = termMatch(term, fields, reads, id);
    if (found && (!best || better(found, best) < 0)) best = found;
  }
  return best;
}

/**
 * The parts a plan matches, scored, and whether every list it read was read whole. `within`: the
 * parts of a vehicle the page is narrowed to (a bounded list), each checked rather than found;
 * `read`, a reader that may hold lists read already.
 */
export async function planMatches(plan: QueryPlan, within: readonly SearchEntry[] | null = null, read: ListReader = listReader()): Promise<{ matches: Match[]; complete: boolean }> {
  const fieldsOf = fieldsReader();
  const termWords = [...new Set(plan.words.flatMap((word) => word.terms.flatMap((term) => term.term.split(" "))))];
  const number = plan.partNumber;
  const [wordReads, exactNumber, numberPrefix, vehicleEntries] = await Promise.all([
    Promise.all(termWords.map(async (word) => [word, await read("term", word)] as const)),
    number ? read("number", number) : null,
    number && readsNumberPrefix(number) ? read("number-prefix", number) : null,
    plan.vehicle ? namedVehicleParts(plan.vehicle) : null,
  ]);
  const reads = new Map(wordReads);
  const numberReads = [exactNumber, numberPrefix].filter((found): found is Read => found !== null);
  const candidates = new Map<string, SearchEntry>();
  const named = vehicleEntries ? new Set(vehicleEntries.map((entry) => entry.id)) : null;
  const universe = within ?? vehicleEntries;
  for (const found of universe ? [{ entries: universe }] : [...reads.values(), ...numberReads]) for (const entry of found.entries) if (!named || named.has(entry.id)) candidates.set(entry.id, entry);
  const wordCount = plan.words.length;
  const wordTerms = plan.words.map((word) => word.terms.map((term) => ({ ...term, words: term.term.split(" ") })));
  const matches: (Match & { hits: boolean[] })[] = [];
  for (const entry of candidates.values()) {
    const numberMatch = exactNumber?.ids.has(entry.id) ? 0 : numberPrefix?.ids.has(entry.id) ? 1 : 2;
    const fields = fieldsOf(entry);
    const words = wordTerms.map((terms) => wordMatch(terms, fields, reads, entry.id));
    const matched = words.filter((found): found is WordMatch => found !== null);
    if (matched.length === 0 && numberMatch === 2) continue;
    matches.push({
      entry,
      hits: words.map((found) => found !== null),
      numberMatch,
      words: numberMatch < 2 ? wordCount : matched.length,
      typos: matched.reduce((sum, found) => sum + found.typos, 0),
      field: matched.reduce((sum, found) => sum + found.field, 0),
      proximity: proximityOf(words),
      exactness: matched.reduce((sum, found) => sum + found.exactness + Number(found.synonym), 0),
    });
  }
  // Every word is required, but a word no part bears at all (a typo beyond reach, a word the shop
  // never uses) is let go: "bosch pads xyz" finds Bosch pads rather than nothing.
  // Not in a search with a number ("HC-100": "100" alone is not what was meant), nor in one code
  // typed as printed: "CP-AB-L" is not "CP-AB-R", though no part bears "L".
  const lenient = !plan.code && plan.words.every((word) => !/\p{N}/u.test(word.typed));
  const known = plan.words.map((_, i) => !lenient || matches.some((match) => match.numberMatch < 2 || match.hits[i]));
  const required = known.filter(Boolean).length;
  const found = matches.filter((match) => match.numberMatch < 2 || (required > 0 && match.words === required));
  const complete = [...reads.values(), ...numberReads].every((found) => found.complete);
  return { matches: found, complete };
}
