// Typo tolerance as shoppers know it from Meilisearch and Typesense: one typo (a letter missing,
// extra, wrong, or two letters swapped) in a word of 5 letters or more, two from 9; none in a word
// with digits (a number or a part number is meant exactly). Words one edit away are found through
// a deletion index (the symmetric-delete method): every indexed word is listed under itself and
// each form of it less one letter, so a typed word's own such forms name every word one edit away.
// For two typos the typed word's forms less two letters are looked up too: this finds most words
// two edits away (not those two letters short of the typed word, nor two swapped pairs).

/** Words this long are indexed: the "did you mean" rule reaches one letter further than the search's. */
export const TYPO_INDEXED_LENGTH = 4;
export const ONE_TYPO_FROM = 5;
export const TWO_TYPOS_FROM = 9;

/** The typos a search allows in a typed word. */
export function typoBudget(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const length = [...word].length;
  return length >= TWO_TYPOS_FROM ? 2 : length >= ONE_TYPO_FROM ? 1 : 0;
}

/** The typos "did you mean" allows: one from 4 letters, two from 7, so it reaches past what the search found. */
export function looseTypoBudget(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const length = [...word].length;
  return length >= 7 ? 2 : length >= TYPO_INDEXED_LENGTH ? 1 : 0;
}

/** The word and every form of it less up to `depth` letters, without repeats. */
export function typoKeys(word: string, depth: number): string[] {
  const keys = new Set([word]);
  let level = [word];
  for (let round = 0; round < depth; round++) {
    const next: string[] = [];
    for (const form of level) {
      const letters = [...form];
      if (letters.length <= 1) continue;
      for (let i = 0; i < letters.length; i++) {
        const shorter = [...letters.slice(0, i), ...letters.slice(i + 1)].join("");
        if (!keys.has(shorter)) next.push(shorter);
        keys.add(shorter);
      }
    }
    level = next;
  }
  return [...keys];
}

/** Damerau-Levenshtein distance (optimal string alignment), or `limit + 1` once it is sure to exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[t.length]!;
}
