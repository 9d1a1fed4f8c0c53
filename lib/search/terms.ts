import { foldText } from "@/lib/vocabulary/names";
// The words a search matches: lower-cased, accents folded ("Décor" is "decor"), split on anything
// that is not a letter or a digit, so "#12" is the word "12" and "start-stop" two words.

/** Longer words are cut here: their first 20 characters tell parts apart well enough. */
export const MAX_WORD_LENGTH = 20;
/** Shorter prefixes would each list most of the catalogue; a one-character word matches only itself. */
export const MIN_PREFIX_LENGTH = 2;
/** Words of one search that are matched: each costs bounded reads of its terms' lists, so the longest (the most telling) are kept. */
export const MAX_QUERY_WORDS = 5;
/** Terms one part may index: a huge description adds its first words only, so a part costs at most this many lists. */
export const MAX_TERMS_PER_PART = 400;

/** The words of a text, in order, each cut to MAX_WORD_LENGTH. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(""));
}

/**
 * Every term a part is found by: the words of its name, brand, category and description, and their
 * prefixes from MIN_PREFIX_LENGTH. The description comes last: a huge one is what MAX_TERMS_PER_PART cuts.
 */
export function partTerms(part: { partsname: string; description: string; brand?: string | null; categoryName?: string | null }): string[] {
  const terms = new Set<string>();
  const texts = [part.partsname, part.brand ?? "", part.categoryName ?? "", part.description];
  for (const word of texts.flatMap(searchWords)) {
    const letters = [...word];
    for (let length = Math.min(MIN_PREFIX_LENGTH, letters.length); length <= letters.length; length++) {
      if (terms.size >= MAX_TERMS_PER_PART) return [...terms];
      terms.add(letters.slice(0, length).join(""));
    }
  }
  return [...terms];
}
