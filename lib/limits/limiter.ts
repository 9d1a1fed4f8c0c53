import "server-only";
import { redisConfigured } from "@/lib/redis/connection.mjs";
import { databaseLimiter } from "@/lib/limits/database-store";
import { redisLimiter } from "@/lib/limits/redis-store";
import { type LimitStatus, NOT_LIMITED, type WindowLimit } from "@/lib/limits/window";

/**
 * A sliding-window limit on keys (an address, an email, an account), kept where every server
 * process sees it: in Redis when REDIS_URL is set, else in the database.
 */
export interface Limiter {
  /** Limited when the key had `max` hits in the window. */
  status(key: string): Promise<LimitStatus>;
  /** Counts a hit on the key, limited or not. */
  hit(key: string): Promise<void>;
  /** Counts a hit only when the key is not limited, as one step across processes; the status before it. */
  take(key: string): Promise<LimitStatus>;
  /** Forgets the key's hits. */
  reset(key: string): Promise<void>;
}

const UNLIMITED: Limiter = {
  status: async () => NOT_LIMITED,
  hit: async () => undefined,
  take: async () => NOT_LIMITED,
  reset: async () => undefined,
};

/** The limit `name` (one namespace of keys, e.g. "signin-ip") shared by every process; `max` 0 is no limit. */
export function sharedLimiter(name: string, limit: WindowLimit): Limiter {
  if (limit.max <= 0) return UNLIMITED;
  return redisConfigured() ? redisLimiter(name, limit) : databaseLimiter(name, limit);
}
