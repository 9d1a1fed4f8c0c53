import { type Clock, type LimitStatus, NOT_LIMITED, type Taken, type WindowLimit, statusOf } from "@/lib/limits/window";

// Hits kept in this process only: the store of the unit tests, and what a process counts with
// while Redis is down (lib/limits/redis-store.ts).

type MemoryOptions = WindowLimit & { now?: Clock; maxKeys?: number };

/** One counted hit: when, and the receipt a take handed out for it. */
type MemoryHit = { at: number; receipt: string };

/** A sliding window in memory, with at most `maxKeys` keys (the least recently hit go first). */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, MemoryHit[]>();
  private readonly limit: WindowLimit;
  private readonly now: Clock;
  private readonly maxKeys: number;
  private counted = 0;

  constructor({ max, windowMs, now = Date.now, maxKeys = 50_000 }: MemoryOptions) {
    this.limit = { max, windowMs };
    this.now = now;
    this.maxKeys = maxKeys;
  }

  status(key: string): LimitStatus {
    if (this.limit.max <= 0) return NOT_LIMITED;
    const now = this.now();
    return statusOf(this.recent(key, now).map((hit) => hit.at), this.limit, now);
  }

  hit(key: string): void {
    this.count(key);
  }

  /** Counts a hit unless the key is limited; one step, since nothing else runs in between. */
  take(key: string): Taken {
    const status = this.status(key);
    if (status.limited) return status;
    return { limited: false, receipt: this.count(key) };
  }

  /** Forgets the one hit this receipt counted; nothing when it is gone already or unknown. */
  giveBack(key: string, receipt: string): void {
    const list = this.hits.get(key);
    if (!list) return;
    const kept = list.filter((hit) => hit.receipt !== receipt);
    if (kept.length === 0) this.hits.delete(key);
    else if (kept.length !== list.length) this.hits.set(key, kept);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Counts a hit and returns its receipt ("m" + a number, never a Redis member, so the Redis store can hand both out). */
  private count(key: string): string {
    const receipt = `m${++this.counted}`;
    if (this.limit.max <= 0) return receipt;
    const now = this.now();
    const recent = [...this.recent(key, now), { at: now, receipt }].slice(-this.limit.max);
    // Re-inserted so the map stays in least-recently-hit order for eviction.
    this.hits.delete(key);
    this.hits.set(key, recent);
    // A flood of new keys (forged addresses) must not grow memory without bound.
    while (this.hits.size > this.maxKeys) {
      const first = this.hits.keys().next();
      if (first.done) break;
      this.hits.delete(first.value);
    }
    return receipt;
  }

  private recent(key: string, now: number): MemoryHit[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const fresh = list.filter((hit) => now - hit.at < this.limit.windowMs);
    if (fresh.length === 0) this.hits.delete(key);
    else if (fresh.length !== list.length) this.hits.set(key, fresh);
    return fresh;
  }
}
