// What every limit store shares: a sliding window of at most `max` hits per key in any `windowMs`.

export type Clock = () => number;

export type LimitStatus = { limited: false } | { limited: true; retryAfterMs: number };

/** At most `max` hits per key in any `windowMs`; `max` 0 turns the limit off. */
export type WindowLimit = { max: number; windowMs: number };

export const NOT_LIMITED: LimitStatus = { limited: false };

/**
 * What a take answers: the hit counted, with the receipt that gives exactly that hit back (a
 * password check that turned out not to be a failure), or the key limited and nothing counted.
 */
export type Taken = { limited: false; receipt: string } | { limited: true; retryAfterMs: number };

/**
 * The status of a key whose hits in the window were at these times (any order). A slot frees up
 * when the oldest of the last `max` hits leaves the window.
 */
export function statusOf(times: number[], { max, windowMs }: WindowLimit, now: number): LimitStatus {
  const fresh = times.filter((t) => now - t < windowMs).sort((a, b) => a - b);
  if (fresh.length < max) return NOT_LIMITED;
  const oldest = fresh[fresh.length - max] ?? now;
  return { limited: true, retryAfterMs: Math.max(1, oldest + windowMs - now) };
}
