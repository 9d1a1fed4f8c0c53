import type { QueryPlan } from "@/lib/search/search";
import { foldedWords } from "@/lib/suggestions/typed-words";

/**
 * Whether a name answers every word of a search plan: some term of each word (the word typed, a
 * typo variant, a synonym) has each of its words start a word of the name, in any order. So
 * "brkaes" names the category Brakes, and "tire" the category Wheels & Tyres. A one-letter word
 * must be a whole word, as the search's lists index it.
 */
export function planNames(name: string, plan: QueryPlan): boolean {
  if (plan.words.length === 0) return false;
  const words = foldedWords(name);
  const begins = (typed: string) => words.some((word) => (typed.length === 1 ? word === typed : word.startsWith(typed)));
  return plan.words.every((word) => word.terms.some((term) => term.term.split(" ").every(begins)));
}
