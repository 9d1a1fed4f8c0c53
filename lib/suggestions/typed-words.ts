import { foldText } from "@/lib/vocabulary/names";
import type { Highlight } from "@/lib/validation/suggestions";

// While typing, every word is matched as the start of a word of a name: "brak pa" is on its way to
// "brake pads", and the words come in any order. Words are folded as the search folds them
// (lib/search/terms.ts), so "Décor" is found by "deco".

const isWordCharacter = (character: string) => /[\p{L}\p{N}]/u.test(character);

type LabelWord = { folded: string; start: number; ends: number[] };

/**
 * The words of a label, folded, with where each begins and, per folded character, where the label's
 * text it came from ends: folding may change lengths ("ǆ", combining accents), a highlight must not.
 */
function labelWords(label: string): LabelWord[] {
  const words: LabelWord[] = [];
  let current: LabelWord | null = null;
  let at = 0;
  for (const character of label) {
    const next = at + character.length;
    if (isWordCharacter(character)) {
      current ??= { folded: "", start: at, ends: [] };
      for (const folded of foldText(character)) {
        current.folded += folded;
        current.ends.push(next);
      }
    } else if (current) {
      words.push(current);
      current = null;
    }
    at = next;
  }
  if (current) words.push(current);
  return words;
}

/** The folded words of a text, each a run of letters and digits. */
export const foldedWords = (text: string): string[] => labelWords(text).map((word) => word.folded);

/** Whether every typed word starts some word of the label. */
export function startsWordsOf(label: string, typed: readonly string[]): boolean {
  const words = foldedWords(label);
  return typed.every((word) => words.some((labelWord) => labelWord.startsWith(word)));
}

/** The parts of the label's words that a typed word begins, the longest where several do. */
export function typedHighlights(label: string, typed: readonly string[]): Highlight[] {
  const ranges: Highlight[] = [];
  for (const word of labelWords(label)) {
    const longest = Math.max(0, ...typed.filter((typedWord) => word.folded.startsWith(typedWord)).map((typedWord) => typedWord.length));
    if (longest > 0) ranges.push({ start: word.start, end: word.ends[longest - 1]! });
  }
  return ranges;
}
