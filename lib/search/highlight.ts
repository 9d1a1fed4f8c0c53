import { foldText } from "@/lib/vocabulary/names";
import type { QueryPlan } from "@/lib/search/plan";

// The parts of a text a plan's words match, for <mark>: a word the plan matches whole is marked
// whole, one it matches by its beginning (the word being typed, a prefix) up to that beginning.

export type Range = { start: number; end: number };

type TextWord = { folded: string; starts: number[]; end: number };

/** The words of a text, folded as the search folds them, with where each folded letter stands in the text. */
function wordsOf(text: string): TextWord[] {
  const words: TextWord[] = [];
  let current: TextWord | null = null;
  let at = 0;
  for (const character of text) {
    const folded = foldText(character);
    if (folded && /^[\p{L}\p{N}]+$/u.test(folded)) {
      current ??= { folded: "", starts: [], end: at };
      for (const letter of folded) {
        current.folded += letter;
        current.starts.push(at);
      }
      current.end = at + character.length;
    } else if (current) {
      words.push(current);
      current = null;
    }
    at += character.length;
  }
  if (current) words.push(current);
  return words;
}

/** Character ranges of `text` that the plan's words match, for <mark> in results and suggestions. */
export function highlightRanges(text: string, plan: QueryPlan): { start: number; end: number }[] {
  const wanted = [...new Set(plan.words.flatMap((word) => word.terms.flatMap((term) => term.term.split(" "))))];
  const ranges: Range[] = [];
  for (const word of wordsOf(text)) {
    const longest = wanted.filter((term) => (term.length === 1 ? word.folded === term : word.folded.startsWith(term))).sort((a, b) => b.length - a.length)[0];
    if (!longest) continue;
    const letters = [...longest].length;
    const end = letters >= word.starts.length ? word.end : word.starts[letters]!;
    ranges.push({ start: word.starts[0]!, end });
  }
  return ranges;
}
