import { type Clock, type LimitStatus, NOT_LIMITED, type WindowLimit, statusOf } from "@/lib/limits/window";

// Hits kept in this process only: the store of the unit tests, and what a process counts with
// while Redis is down (lib/limits/redis-store.ts).

type MemoryOptions = WindowLimit & { now?: Clock; maxKeys?: number };

/** A sliding window in memory, with at most `maxKeys` keys (the least recently hit go first). */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly limit: WindowLimit;
  private readonly now: Clock;
  private readonly maxKeys: number;

  constructor({ max, windowMs, now = Date.now, maxKeys = 50_000 }: MemoryOptions) {
    this.limit = { max, windowMs };
    this.now = now;
    this.maxKeys = maxKeys;
  }

  status(key: string): LimitStatus {
    if (this.limit.max <= 0) return NOT_LIMITED;
    const now = this.now();
    return statusOf(this.recent(key, now), this.limit, now);
  }

  hit(key: string): void {
    if (this.limit.max <= 0) return;
    const now = this.now();
    const recent = [...this.recent(key, now), now].slice(-this.limit.max);
    // Re-inserted so the map stays in least-recently-hit order for eviction.
    this.hits.delete(key);
    this.hits.set(key, recent);
    // A flood of new keys (forged addresses) must not grow memory without bound.
    while (this.hits.size > this.maxKeys) {
      const first = this.hits.keys().next();
      if (first.done) break;
      this.hits.delete(first.value);
    }
  }

  /** Counts a hit unless the key is limited; one step, since nothing else runs in between. */
  take(key: string): LimitStatus {
    const status = this.status(key);
    if (!status.limited) this.hit(key);
    return status;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const fresh = list.filter((t) => now - t < this.limit.windowMs);
    if (fresh.length === 0) this.hits.delete(key);
    else if (fresh.length !== list.length) this.hits.set(key, fresh);
    return fresh;
  }
}
