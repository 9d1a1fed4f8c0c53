import "server-only";
import { redisConfigured } from "@/lib/redis/connection.mjs";
import { databaseLimiter } from "@/lib/limits/database-store";
import { redisLimiter } from "@/lib/limits/redis-store";
import { type Limiter, NOT_LIMITED, type WindowLimit } from "@/lib/limits/window";

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
