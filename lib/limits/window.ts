// What every limit store shares: a sliding window of at most `max` hits per key in any `windowMs`,
// and the Limiter each store implements (lib/limits/limiter.ts picks the store).

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

/**
 * A sliding-window limit on keys (an address, an email, an account), kept where every server
 * process sees it: in Redis when REDIS_URL is set, else in the database.
 */
export interface Limiter {
  /** Limited when the key had `max` hits in the window. */
  status(key: string): Promise<LimitStatus>;
  /** Counts a hit on the key, limited or not. */
  hit(key: string): Promise<void>;
  /**
   * Counts a hit only when the key is not limited, as one step across processes: the hit's receipt,
   * or the key's status when limited (nothing counted).
   */
  take(key: string): Promise<Taken>;
  /**
   * Removes the one hit a take counted (`receipt`), so a place held for a check that turned out not
   * to count (a right password) is free again. A receipt given back twice, or one already trimmed
   * away or unknown, changes nothing.
   */
  giveBack(key: string, receipt: string): Promise<void>;
  /** Forgets the key's hits. */
  reset(key: string): Promise<void>;
}
