import "server-only";
import { MIN_NUMBER_PREFIX_LENGTH, numberQueryOf } from "@/lib/vocabulary/part-numbers";
import { withoutControlCharacters } from "@/lib/validation/common";
import { listHead } from "@/lib/search/list-heads";
import { synonymMap } from "@/lib/search/synonyms";
import { MAX_QUERY_WORDS, searchWords } from "@/lib/search/terms";
import { typoBudget } from "@/lib/search/typos";
import { typoVariants } from "@/lib/search/typo-variants";
import { type NamedVehicle, vehicleNamed } from "@/lib/search/vehicles";

// A search text understood once, before anything is read: its words (a phrase the synonym list
// knows is one word of the plan), the terms each matches, the part number it may be, and the
// vehicle it names. Matching (lib/search/matches.ts), highlighting and "did you mean" read the plan.

/** `prefix`: the word being typed (the last), for suggestions; every term is matched from its words' beginnings, as the index lists prefixes. */
export type PlanTerm = { term: string; typos: number; prefix: boolean; synonym: boolean };
export type PlanWord = { typed: string; terms: PlanTerm[] };
/**
 * A search text understood: its words, each with the terms it matches (exact, typo variants, prefix
 * for the last word, synonyms), and the part-number reading. `code`: the text is one code as printed
 * on a part, several words or numbers joined without a space ("CP-AB-L"), so each of them is meant.
 */
export type QueryPlan = { words: PlanWord[]; partNumber: string | null; vehicle: NamedVehicle | null; code: boolean };

/** Longer than the search box allows: a search is read, not stored. */
const MAX_TEXT_LENGTH = 200;
/** Synonym phrases are this many words at most ("front brake pad set"). */
const MAX_PHRASE_WORDS = 4;
/** A word split in two ("brakpad": "brak pad") has halves this long at least. */
const MIN_SPLIT_PART = 3;

export const searchText = (q: string): string => withoutControlCharacters(q).trim().slice(0, MAX_TEXT_LENGTH);

/** The phrases of the synonym list a word means too: its own, or its singular's ("tyres" is "tyre"). */
function synonymsOf(phrase: string, synonyms: ReadonlyMap<string, readonly string[]>): readonly string[] {
  for (const form of [phrase, phrase.replace(/es$/, ""), phrase.replace(/s$/, "")]) {
    const found = synonyms.get(form);
    if (found) return found;
  }
  return [];
}

/** The search's words grouped: the longest run of words the synonym list knows is one group. */
function phrasesOf(words: readonly string[], synonyms: ReadonlyMap<string, readonly string[]>): string[] {
  const phrases: string[] = [];
  for (let at = 0; at < words.length; ) {
    let length = Math.min(MAX_PHRASE_WORDS, words.length - at);
    while (length > 1 && synonymsOf(words.slice(at, at + length).join(" "), synonyms).length === 0) length--;
    phrases.push(words.slice(at, at + length).join(" "));
    at += length;
  }
  return phrases;
}

/** A word run together ("brakpad") read as two that each begin some indexed word, as one typo; null when none does. */
async function splitOf(word: string): Promise<string | null> {
  const letters = [...word];
  if (/\p{N}/u.test(word) || letters.length < 2 * MIN_SPLIT_PART) return null;
  const sizeOf = async (term: string) => (await listHead("term", term)).total;
  if ((await sizeOf(word)) > 0) return null;
  for (let at = MIN_SPLIT_PART; at <= letters.length - MIN_SPLIT_PART; at++) {
    const [left, right] = [letters.slice(0, at).join(""), letters.slice(at).join("")];
    const [leftSize, rightSize] = await Promise.all([sizeOf(left), sizeOf(right)]);
    if (leftSize > 0 && rightSize > 0) return `${left} ${right}`;
  }
  return null;
}

async function planWord(typed: string, last: boolean, synonyms: ReadonlyMap<string, readonly string[]>, maxTypos: number): Promise<PlanWord> {
  const terms: PlanTerm[] = [{ term: typed, typos: 0, prefix: last, synonym: false }];
  const add = (term: string, typos: number, synonym: boolean) => {
    if (!terms.some((known) => known.term === term)) terms.push({ term, typos, prefix: last && !synonym, synonym });
  };
  for (const synonym of synonymsOf(typed, synonyms)) add(synonym, 0, true);
  if (!typed.includes(" ")) {
    const variants = await typoVariants(typed, Math.min(typoBudget(typed), maxTypos));
    for (const variant of variants) {
      add(variant.word, variant.typos, false);
      for (const synonym of synonymsOf(variant.word, synonyms)) add(synonym, variant.typos, true);
    }
    // Two words run together are read as such only when no word is a typo away ("filtre" is "filter", not "fil tre").
    const split = variants.length === 0 ? await splitOf(typed) : null;
    if (split) add(split, 1, false);
    // A plural finds the singular a name uses ("pads", "Brake Pad"), ranked as one typo.
    if (/^\p{L}{3,}s$/u.test(typed)) add(typed.slice(0, -1), 1, false);
  }
  return { typed, terms };
}

/** Whether a part number is also read as a beginning: from 4 characters, when it holds a digit (a word alone is a word). */
export const readsNumberPrefix = (partNumber: string): boolean => partNumber.length >= MIN_NUMBER_PREFIX_LENGTH && /\p{N}/u.test(partNumber);

export async function planQuery(q: string): Promise<QueryPlan> {
  const text = searchText(q);
  const all = searchWords(text);
  const [named, synonyms] = await Promise.all([vehicleNamed(all), synonymMap()]);
  const left = all.filter((_, i) => !named?.used.has(i));
  const phrases = [...new Set(phrasesOf(left, synonyms))].slice(0, MAX_QUERY_WORDS);
  // Two typos cost a word's forms less two letters (up to 56 reads): one word of a search, its longest, may have them.
  const longest = phrases.reduce((best, phrase, i) => ([...phrase].length > [...phrases[best]!].length ? i : best), 0);
  const words = await Promise.all(phrases.map((phrase, i) => planWord(phrase, i === phrases.length - 1, synonyms, i === longest ? 2 : 1)));
  return { words, partNumber: numberQueryOf(text), vehicle: named?.vehicle ?? null, code: all.length > 1 && !/\s/u.test(text) };
}
