import "server-only";
import { randomBytes } from "node:crypto";
import { redisNamespace, onRedis } from "@/lib/redis/connection.mjs";
import { type MemoryHit, SlidingWindowLimiter } from "@/lib/limits/memory";
import { type Clock, type LimitStatus, type Limiter, NOT_LIMITED, type WindowLimit } from "@/lib/limits/window";

// A key's hits are a sorted set of hit times in Redis, trimmed to the window and to the last `max`
// hits, and expiring with the window. One script does the trimming, the counting and the counting
// in of a hit, so a check and its hit are one step for every process at once.
//
// A Redis that is down, slow or not yet connected answers nothing within REDIS_TIMEOUT_MS
// (lib/redis/connection.mjs): the process then counts in its own memory until Redis is back. An
// outage must not hand out a fresh allowance, neither when it starts nor when it ends (Redis here
// keeps nothing on disk, so a restarted Redis has forgotten every hit). So each process keeps a
// copy of what Redis last said of every key it used, and counts on from that copy while Redis is
// away; every script call sends the copy along, and Redis adds back the hits it is not known to
// hold: those counted in memory, and all of them when Redis has lost its data since. That is told
// by an epoch, a random name Redis is given whenever it has none: a hit the copy saw in Redis under
// the current epoch is never written back, so hits given back or reset elsewhere stay gone. When a
// process first finds a new epoch, it sends its whole copy, key by key, in the background.
//
// A take's receipt is the member it added (or, counted in memory, the memory's receipt, which is
// the member it gets in Redis later): giving it back removes just that member, wherever it was counted.

const SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local op = ARGV[4]
local epoch = redis.call('GET', KEYS[2])
if not epoch then
  epoch = ARGV[6]
  redis.call('SET', KEYS[2], epoch)
end
local added = 0
for i = 7, #ARGV, 3 do
  if ARGV[i + 2] ~= epoch then
    added = added + redis.call('ZADD', key, 'NX', ARGV[i], ARGV[i + 1])
  end
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local counted = 0
if op == 'hit' or (op == 'take' and count < max) then
  redis.call('ZADD', key, now, ARGV[5])
  count = count + 1
  counted = 1
end
if count > max then
  redis.call('ZREMRANGEBYRANK', key, 0, count - max - 1)
  count = max
end
if counted == 1 or added > 0 then
  redis.call('PEXPIRE', key, window)
end
local oldest = -1
if count >= max then
  oldest = tonumber(redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')[2])
end
return {counted, count, oldest, epoch, redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')}
`;

type Op = "status" | "hit" | "take";

/**
 * What the script answers: whether it counted the hit, the hits in the window, the oldest of the
 * last `max`, Redis's epoch and the key's hits (member, time, member, time, …).
 */
type Answer = [counted: number, count: number, oldest: number, epoch: string, stored: string[]];

function statusOfAnswer([, count, oldest]: Answer, { max, windowMs }: WindowLimit, now: number): LimitStatus {
  if (count < max) return NOT_LIMITED;
  return { limited: true, retryAfterMs: Math.max(1, oldest + windowMs - now) };
}

/** Keys of two shops on one Redis (two databases) never meet. */
export function redisLimitKey(name: string, key: string): string {
  return `limits:${redisNamespace()}:${name}:${key}`;
}

/** Where Redis keeps its epoch: no limit's key (those have a name and a key after the namespace). */
function epochKey(): string {
  return `limits:${redisNamespace()}:epoch`;
}

/** The key's hits as Redis holds them, marked as held by this epoch. */
function storedHits([, , , epoch, stored]: Answer): MemoryHit[] {
  const hits: MemoryHit[] = [];
  for (let i = 0; i + 1 < stored.length; i += 2) hits.push({ receipt: String(stored[i]), at: Number(stored[i + 1]), storedIn: epoch });
  return hits;
}

/** The script's arguments for a hit in the copy: its time, its member, the epoch known to hold it ("" none). */
const hitArguments = (hit: MemoryHit) => [String(hit.at), hit.receipt, hit.storedIn ?? ""];

export function redisLimiter(name: string, limit: WindowLimit, now: Clock = Date.now): Limiter {
  const memory = new SlidingWindowLimiter({ ...limit, now });
  let lastEpoch: string | undefined;
  let carryingOver = false;

  const run = async (op: Op, key: string): Promise<{ answer: Answer; at: number; member: string } | null> => {
    const at = now();
    // Unique per hit, so two hits in one millisecond are two members.
    const member = `${at}:${randomBytes(6).toString("base64url")}`;
    const copy = memory.hitsOf(key);
    const args = [String(at), String(limit.windowMs), String(limit.max), op, member, randomBytes(9).toString("base64url"), ...copy.flatMap(hitArguments)];
    const reply = await onRedis((client) => client.eval(SCRIPT, { keys: [redisLimitKey(name, key), epochKey()], arguments: args }));
    if (!reply.ok) return null;
    const answer = reply.value as Answer;
    const stored = storedHits(answer);
    // Hits counted in memory while this call was under way are kept until the next call sends them.
    const inRedis = new Set(stored.map((hit) => hit.receipt));
    memory.replace(key, [...stored, ...memory.hitsOf(key).filter((hit) => !hit.storedIn && !inRedis.has(hit.receipt))]);
    if (lastEpoch !== undefined && answer[3] !== lastEpoch) void carryOver();
    lastEpoch = answer[3];
    return { answer, at, member };
  };

  /** Sends the copy of every key to a Redis that has lost its data, so every process sees this one's hits again. */
  async function carryOver(): Promise<void> {
    if (carryingOver) return;
    carryingOver = true;
    try {
      for (const key of memory.keys()) if (!(await run("status", key))) return;
    } finally {
      carryingOver = false;
    }
  }

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
      // A receipt names one hit wherever it is counted, so removing it from both removes only that hit.
      memory.giveBack(key, receipt);
      await onRedis((client) => client.zRem(redisLimitKey(name, key), receipt));
    },
    async reset(key) {
      memory.reset(key);
      await onRedis((client) => client.del(redisLimitKey(name, key)));
    },
  };
}
