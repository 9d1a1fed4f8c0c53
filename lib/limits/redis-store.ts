import "server-only";
import { randomBytes } from "node:crypto";
import { redisNamespace, onRedis } from "@/lib/redis/connection.mjs";
import type { Limiter } from "@/lib/limits/limiter";
import { SlidingWindowLimiter } from "@/lib/limits/memory";
import { type Clock, type LimitStatus, NOT_LIMITED, type WindowLimit } from "@/lib/limits/window";

// A key's hits are a sorted set of hit times in Redis, trimmed to the window and to the last `max`
// hits, and expiring with the window. One script does the trimming, the counting and the counting
// in of a hit, so a check and its hit are one step for every process at once.
//
// A Redis that is down, slow or not yet connected answers nothing within REDIS_TIMEOUT_MS
// (lib/redis/connection.mjs): the process then counts in its own memory until Redis is back, so
// for that time each process keeps its own count (as with no shared store at all) and what it
// counted is not carried over to Redis.
//
// A take's receipt is the member it added (or, counted in memory, the memory's receipt): giving it
// back removes just that member, wherever it was counted.

const SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local op = ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local counted = 0
if op == 'hit' or (op == 'take' and count < max) then
  redis.call('ZADD', key, now, ARGV[5])
  count = count + 1
  counted = 1
  if count > max then
    redis.call('ZREMRANGEBYRANK', key, 0, count - max - 1)
    count = max
  end
  redis.call('PEXPIRE', key, window)
end
local oldest = -1
if count >= max then
  oldest = tonumber(redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')[2])
end
return {counted, count, oldest}
`;

type Op = "status" | "hit" | "take";

/** What the script answers: whether it counted the hit, the hits in the window and the oldest of the last `max`. */
type Answer = [counted: number, count: number, oldest: number];

function statusOfAnswer([, count, oldest]: Answer, { max, windowMs }: WindowLimit, now: number): LimitStatus {
  if (count < max) return NOT_LIMITED;
  return { limited: true, retryAfterMs: Math.max(1, oldest + windowMs - now) };
}

/** Keys of two shops on one Redis (two databases) never meet. */
export function redisLimitKey(name: string, key: string): string {
  return `limits:${redisNamespace()}:${name}:${key}`;
}

export function redisLimiter(name: string, limit: WindowLimit, now: Clock = Date.now): Limiter {
  const memory = new SlidingWindowLimiter({ ...limit, now });
  const run = async (op: Op, key: string): Promise<{ answer: Answer; at: number; member: string } | null> => {
    const at = now();
    // Unique per hit, so two hits in one millisecond are two members.
    const member = `${at}:${randomBytes(6).toString("base64url")}`;
    const reply = await onRedis((client) =>
      client.eval(SCRIPT, { keys: [redisLimitKey(name, key)], arguments: [String(at), String(limit.windowMs), String(limit.max), op, member] }),
    );
    return reply.ok ? { answer: reply.value as Answer, at, member } : null;
  };
  return {
    async status(key) {
      const done = await run("status", key);
      return done ? statusOfAnswer(done.answer, limit, done.at) : memory.status(key);
    },
    async hit(key) {
      if (!(await run("hit", key))) memory.hit(key);
    },
    async take(key) {
      const done = await run("take", key);
      if (!done) return memory.take(key);
      if (done.answer[0] === 1) return { limited: false, receipt: done.member };
      const status = statusOfAnswer(done.answer, limit, done.at);
      // Not counted means limited; the guard only narrows the type.
      return status.limited ? status : { limited: true, retryAfterMs: 1 };
    },
    async giveBack(key, receipt) {
      // Memory receipts and Redis members never look alike, so removing from both removes only the one hit.
      memory.giveBack(key, receipt);
      await onRedis((client) => client.zRem(redisLimitKey(name, key), receipt));
    },
    async reset(key) {
      memory.reset(key);
      await onRedis((client) => client.del(redisLimitKey(name, key)));
    },
  };
}
