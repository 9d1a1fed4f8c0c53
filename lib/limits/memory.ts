import { randomBytes } from "node:crypto";
import { type Clock, type LimitStatus, NOT_LIMITED, type Taken, type WindowLimit, statusOf } from "@/lib/limits/window";

// Hits kept in this process only: the store of the unit tests, and the Redis store's copy of what
// Redis last said of each key, counted on while Redis is down (lib/limits/redis-store.ts).

type MemoryOptions = WindowLimit & { now?: Clock; maxKeys?: number };

/**
 * One counted hit: when, and the receipt a take handed out for it. `storedIn`: the Redis (its
 * epoch) known to hold it; none for a hit counted here only.
 */
export type MemoryHit = { at: number; receipt: string; storedIn?: string };

/** A sliding window in memory, with at most `maxKeys` keys (the least recently hit go first). */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, MemoryHit[]>();
  private readonly limit: WindowLimit;
  private readonly now: Clock;
  private readonly maxKeys: number;
  private counted = 0;
  // Part of every receipt, so two processes' hits stay two when both are written to Redis.
  private readonly instance = randomBytes(6).toString("base64url");

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

  /** The key's hits in the window, oldest first. */
  hitsOf(key: string): MemoryHit[] {
    return [...this.recent(key, this.now())];
  }

  /** The keys that have hits (some perhaps out of the window by now), least recently hit first. */
  keys(): string[] {
    return [...this.hits.keys()];
  }

  /** Replaces the key's hits with these (what a shared store holds), the last `max` in the window kept. */
  replace(key: string, hits: MemoryHit[]): void {
    const now = this.now();
    const fresh = hits.filter((hit) => now - hit.at < this.limit.windowMs).sort((a, b) => a.at - b.at);
    if (fresh.length === 0) this.hits.delete(key);
    else this.keep(key, fresh);
  }

  /** Counts a hit and returns its receipt ("m" + a number and this limiter's tag, never a Redis member, so the Redis store can hand both out). */
  private count(key: string): string {
    const receipt = `m${++this.counted}.${this.instance}`;
    if (this.limit.max <= 0) return receipt;
    const now = this.now();
    this.keep(key, [...this.recent(key, now), { at: now, receipt }]);
    return receipt;
  }

  /** Stores the key's hits (its last `max`), as the most recently hit key, within `maxKeys`. */
  private keep(key: string, hits: MemoryHit[]): void {
    // Re-inserted so the map stays in least-recently-hit order for eviction.
    this.hits.delete(key);
    this.hits.set(key, hits.slice(-this.limit.max));
    // A flood of new keys (forged addresses) must not grow memory without bound.
    while (this.hits.size > this.maxKeys) {
      const first = this.hits.keys().next();
      if (first.done) break;
      this.hits.delete(first.value);
    }
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
