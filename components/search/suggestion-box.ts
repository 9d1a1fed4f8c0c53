// The search box's rules, apart from React so they can be read and tested alone: which option the
// arrow keys make active, which answers may be shown, and what a screen reader hears.

import type { Suggestion, SuggestionKind } from "@/lib/validation/suggestions";

export type SuggestionAnswer = { query: string; suggestions: Suggestion[] };

/** As lib/validation/suggestions.ts: shorter texts are not asked about. */
export const MIN_TYPED = 2;
/** A pause this long in typing asks for suggestions: each keystroke of a fast typist does not. */
export const TYPING_PAUSE_MS = 150;

/**
 * The option ArrowDown or ArrowUp makes active; -1 is the text box itself. Down from the last
 * option and Up from the first go back to the text, as the WAI-ARIA combobox pattern allows, so
 * the typed text is one key away.
 */
export function movedActive(active: number, count: number, key: "ArrowDown" | "ArrowUp"): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return active + 1 >= count ? -1 : active + 1;
  return active <= -1 ? count - 1 : active - 1;
}

/** An answer is shown only while the box still holds the text it answers: an older request's late answer is dropped. */
export const answersTyped = (answer: SuggestionAnswer, typed: string): boolean => answer.query === typed;

/** Whether the box asks about this text at all. */
export const worthAsking = (typed: string): boolean => typed.trim().length >= MIN_TYPED;

/** The polite announcement once an answer is shown. */
export function countAnnouncement(count: number): string {
  if (count === 0) return "No suggestions.";
  return `${count} suggestion${count === 1 ? "" : "s"}: use the up and down arrows to choose.`;
}

/** The label cut into plain and marked pieces, for <mark>. Ranges out of order, overlapping or outside the label are clipped; touching ones joined. */
export function markedPieces(label: string, highlights: readonly { start: number; end: number }[]): { text: string; marked: boolean }[] {
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of [...highlights].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, at);
    const to = Math.min(end, label.length);
    if (to <= from) continue;
    const last = pieces.at(-1);
    if (from > at) pieces.push({ text: label.slice(at, from), marked: false });
    // Touching ranges make one mark: a screen reader would read two as two words.
    if (from === at && last?.marked) last.text += label.slice(from, to);
    else pieces.push({ text: label.slice(from, to), marked: true });
    at = to;
  }
  if (at < label.length) pieces.push({ text: label.slice(at), marked: false });
  return pieces;
}

/** What a kind is called beside its suggestion; a part needs no word. */
export const KIND_NAMES: Record<SuggestionKind, string> = { part: "", "part-number": "Part number", category: "Category", brand: "Brand", vehicle: "Vehicle" };
