import "server-only";
import { MAX_READ, typoCounts } from "@/lib/search/list-heads";
import { editDistance, typoKeys } from "@/lib/search/typos";

/** Variants of one word a search reads: the closest, most common first. */
const MAX_VARIANTS = 6;

/** The longest word whose forms less two letters are read (56 reads). */
const MAX_TWO_LETTER_FORMS = 10;

export type TypoVariant = { word: string; typos: number; parts: number };

/**
 * The indexed words within `budget` typos of a typed word, itself left out: one directory read per
 * deletion key of the word (its length + 1 for one typo), each counting the words listed under it.
 * Above 10 letters only the forms less one letter are read: a word two typos away is found when
 * the index's forms of it meet those (one of the typos a letter too many in the typed word).
 */
export async function typoVariants(word: string, budget: number): Promise<TypoVariant[]> {
  if (budget === 0) return [];
  const depth = budget > 1 && [...word].length <= MAX_TWO_LETTER_FORMS ? 2 : 1;
  const counted = await Promise.all(typoKeys(word, depth).map(typoCounts));
  const words = new Map<string, number>();
  for (const counts of counted) for (const [found, parts] of Object.entries(counts)) if (parts > 0) words.set(found, parts);
  // A word that more parts bear than a search reads of it was meant as typed: its variants could
  // only rank below what it finds, and each would cost a list read.
  if ((words.get(word) ?? 0) >= MAX_READ) return [];
  words.delete(word);
  return [...words]
    .map(([found, parts]) => ({ word: found, typos: editDistance(word, found, budget), parts }))
    .filter((variant) => variant.typos <= budget)
    .sort((a, b) => a.typos - b.typos || b.parts - a.parts || (a.word < b.word ? -1 : 1))
    .slice(0, MAX_VARIANTS);
}
