import "server-only";
import type { RedisOptions } from "bullmq";
import { redisNamespace } from "@/lib/redis/connection.mjs";

// The job queue's connections to its Redis: JOBS_REDIS_URL, else the shop's Redis (REDIS_URL). One
// process on the embedded default gets a private Redis for its jobs alone (JOBS_REDIS_URL, from
// scripts/services/with-db.mjs), so its page cache and limits stay where a single process keeps them;
// several processes share REDIS_URL for everything. BullMQ opens its own connections (ioredis), apart
// from the shop's client: a worker blocks on its connection waiting for jobs.

const jobsRedisUrl = (): string => process.env.JOBS_REDIS_URL?.trim() || process.env.REDIS_URL?.trim() || "";

/** Whether jobs run through the queue here: only with a Redis to keep them in. */
export const jobsConfigured = (): boolean => jobsRedisUrl() !== "";

/** Every queue's keys under the shop's namespace, so two shops (or two test files) on one Redis never share jobs. */
export function jobPrefix(): string {
  return `jobs:${redisNamespace()}`;
}

/**
 * The connection's options. `failFast`: a command sent while Redis is away fails at once instead of
 * waiting for it (adding a job: the caller keeps its work and tries later); a worker waits instead.
 */
export function jobConnection({ failFast }: { failFast: boolean }): RedisOptions {
  const url = new URL(jobsRedisUrl());
  const db = Number(url.pathname.slice(1));
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(db > 0 ? { db } : {}),
    ...(url.protocol === "rediss:" ? { tls: {} } : {}),
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(100 * 2 ** times, 5000),
    ...(failFast ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 } : { maxRetriesPerRequest: null }),
  };
}
