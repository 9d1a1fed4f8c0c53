import "server-only";
import { redisConfigured } from "@/lib/redis/connection.mjs";
import { databaseLimiter } from "@/lib/limits/database-store";
import { redisLimiter } from "@/lib/limits/redis-store";
import { type LimitStatus, NOT_LIMITED, type Taken, type WindowLimit } from "@/lib/limits/window";

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

const UNLIMITED: Limiter = {
  status: async () => NOT_LIMITED,
  hit: async () => undefined,
  take: async () => ({ limited: false, receipt: "" }),
  giveBack: async () => undefined,
  reset: async () => undefined,
};

/** The limit `name` (one namespace of keys, e.g. "signin-ip") shared by every process; `max` 0 is no limit. */
export function sharedLimiter(name: string, limit: WindowLimit): Limiter {
  if (limit.max <= 0) return UNLIMITED;
  return redisConfigured() ? redisLimiter(name, limit) : databaseLimiter(name, limit);
}
