import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { databaseLimiter } from "@/lib/limits/database-store";
import { MINUTE_MS, sweepSpentHits } from "@/lib/limits/database-sweep";
import { redisLimitKey, redisLimiter } from "@/lib/limits/redis-store";
import type { Clock, Limiter, Taken, WindowLimit } from "@/lib/limits/window";
import { REDIS_TIMEOUT_MS, closeRedis, connectRedis } from "@/lib/redis/connection.mjs";
import { LimitHit } from "@/models/LimitHit";
import { createClient } from "redis";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";

// Both shared stores of the limits, on the real embedded database and a real Redis: the sliding
// window's edges, reset, hits sent in parallel (as several server processes would) counted exactly,
// a check-and-count that lets exactly `max` through, and Redis that goes away (and comes back
// having forgotten everything, as the cluster's in-memory Redis does).

const MINUTE = 60_000;

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A counted take: its receipt is opaque. */
const COUNTED = { limited: false, receipt: expect.any(String) };

function receiptOf(taken: Taken): string {
  if (taken.limited) throw new Error("the take was refused");
  return taken.receipt;
}

type MakeLimiter = (name: string, limit: WindowLimit, now?: Clock) => Limiter;

let redis: PrivateRedis;
let names = 0;
/** A fresh limit name per test, so tests never share keys. */
const fresh = (what: string) => `${what}-${++names}`;

beforeAll(async () => {
  await connectDb();
  await LimitHit.init();
  redis = await startRedis();
  process.env.REDIS_URL = redis.url;
  expect(await connectRedis()).toBe(true);
}, 60_000);

afterAll(async () => {
  await closeRedis();
  delete process.env.REDIS_URL;
  await redis?.stop();
});

const stores: [string, MakeLimiter][] = [
  ["the database", databaseLimiter],
  ["Redis", redisLimiter],
];

describe.each(stores)("limits kept in %s", (_store, limiterOf) => {
  it("allows max hits in the window and limits the next, until the oldest hit leaves the window", async () => {
    const clock = fakeClock();
    const limiter = limiterOf(fresh("edges"), { max: 3, windowMs: 10 * MINUTE }, clock.now);
    await limiter.hit("k");
    clock.advance(2 * MINUTE);
    await limiter.hit("k");
    await limiter.hit("k");
    expect(await limiter.status("k")).toEqual({ limited: true, retryAfterMs: 8 * MINUTE });
    clock.advance(8 * MINUTE - 1);
    expect((await limiter.status("k")).limited).toBe(true);
    clock.advance(1);
    expect(await limiter.status("k")).toEqual({ limited: false });
  });

  it("slides: a burst just before the window ends still counts just after", async () => {
    const clock = fakeClock();
    const limiter = limiterOf(fresh("slide"), { max: 2, windowMs: 10 * MINUTE }, clock.now);
    clock.advance(9 * MINUTE);
    await limiter.hit("k");
    await limiter.hit("k");
    clock.advance(2 * MINUTE);
    expect((await limiter.status("k")).limited).toBe(true);
  });

  it("keeps keys and limits apart, and resets one key", async () => {
    const name = fresh("apart");
    const limiter = limiterOf(name, { max: 1, windowMs: MINUTE });
    await limiter.hit("a");
    expect((await limiter.status("a")).limited).toBe(true);
    expect((await limiter.status("b")).limited).toBe(false);
    expect((await limiterOf(fresh("other"), { max: 1, windowMs: MINUTE }).status("a")).limited).toBe(false);
    await limiter.reset("a");
    expect((await limiter.status("a")).limited).toBe(false);
  });

  it("counts in a take only when not limited, and a refused take adds nothing", async () => {
    const clock = fakeClock();
    const limiter = limiterOf(fresh("take"), { max: 2, windowMs: 10 * MINUTE }, clock.now);
    expect(await limiter.take("k")).toEqual(COUNTED);
    clock.advance(MINUTE);
    expect(await limiter.take("k")).toEqual(COUNTED);
    clock.advance(MINUTE);
    expect(await limiter.take("k")).toEqual({ limited: true, retryAfterMs: 8 * MINUTE });
    // Had the refused take counted, the key would stay limited after the first hit left the window.
    clock.advance(8 * MINUTE);
    expect(await limiter.take("k")).toEqual(COUNTED);
  });

  it("gives back exactly the hit a take counted, once; unknown receipts and other keys change nothing", async () => {
    const clock = fakeClock();
    const limiter = limiterOf(fresh("give-back"), { max: 3, windowMs: 10 * MINUTE }, clock.now);
    const first = receiptOf(await limiter.take("k"));
    clock.advance(MINUTE);
    const second = receiptOf(await limiter.take("k"));
    await limiter.take("k");
    expect((await limiter.status("k")).limited).toBe(true);
    await limiter.giveBack("other", second);
    await limiter.giveBack("k", "1.unknown");
    await limiter.giveBack("k", "not a receipt");
    expect((await limiter.status("k")).limited).toBe(true);
    await limiter.giveBack("k", second);
    expect(await limiter.status("k")).toEqual({ limited: false });
    // The hit given back, not another: the first still holds its slot, so the key is limited until it leaves the window.
    const third = receiptOf(await limiter.take("k"));
    expect(await limiter.status("k")).toEqual({ limited: true, retryAfterMs: 9 * MINUTE });
    // Twice changes nothing, even after its place was taken again.
    await limiter.giveBack("k", second);
    expect((await limiter.status("k")).limited).toBe(true);
    await limiter.giveBack("k", third);
    await limiter.giveBack("k", first);
    clock.advance(MINUTE);
    expect(await limiter.status("k")).toEqual({ limited: false });
    expect(await limiter.take("k")).toEqual(COUNTED);
    expect(await limiter.take("k")).toEqual(COUNTED);
    expect((await limiter.take("k")).limited).toBe(true);
  });

  it("never gives back, for a receipt given back twice, the hit that took its place", async () => {
    const limiter = limiterOf(fresh("twice"), { max: 2, windowMs: 10 * MINUTE });
    await limiter.take("k");
    const given = receiptOf(await limiter.take("k"));
    await limiter.giveBack("k", given);
    // In the database this hit gets the number the one given back had.
    await limiter.take("k");
    await limiter.giveBack("k", given);
    expect((await limiter.take("k")).limited).toBe(true);
  });

  it("keeps counting every hit still in the window after hits among them were given back", async () => {
    const limiter = limiterOf(fresh("gaps"), { max: 3, windowMs: 10 * MINUTE });
    const taken = [];
    for (let i = 0; i < 3; i++) taken.push(receiptOf(await limiter.take("k")));
    // A gap in the middle, then more hits: the two left and the new one fill the window.
    await limiter.giveBack("k", taken[1] ?? "");
    expect(await limiter.take("k")).toEqual(COUNTED);
    expect((await limiter.take("k")).limited).toBe(true);
    for (let i = 0; i < 4; i++) expect((await limiter.take("k")).limited).toBe(true);
  });

  it("shares the count between two limiters of one name, as between two server processes", async () => {
    const name = fresh("shared");
    const onA = limiterOf(name, { max: 4, windowMs: MINUTE });
    const onB = limiterOf(name, { max: 4, windowMs: MINUTE });
    for (const limiter of [onA, onB, onA]) await limiter.hit("k");
    expect((await onB.status("k")).limited).toBe(false);
    await onB.hit("k");
    expect((await onA.status("k")).limited).toBe(true);
    await onA.reset("k");
    expect((await onB.status("k")).limited).toBe(false);
  });

  it("counts N hits sent in parallel from two limiters exactly N", async () => {
    const name = fresh("parallel");
    const limit = { max: 20, windowMs: MINUTE };
    const [onA, onB] = [limiterOf(name, limit), limiterOf(name, limit)];
    await Promise.all(Array.from({ length: 19 }, (_, i) => (i % 2 ? onA : onB).hit("k")));
    // 19, not fewer (the 20th limits) and not more (the 19 did not).
    expect((await onA.status("k")).limited).toBe(false);
    await onB.hit("k");
    expect((await onA.status("k")).limited).toBe(true);
  });

  it("lets exactly max of N parallel takes through", async () => {
    const name = fresh("parallel-take");
    const limit = { max: 5, windowMs: MINUTE };
    const [onA, onB] = [limiterOf(name, limit), limiterOf(name, limit)];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB).take("k")));
    expect(answers.filter((answer) => !answer.limited)).toHaveLength(5);
  });
});

describe("limits kept in the database", () => {
  it("keep each key at its last max hits", async () => {
    const name = fresh("bounded");
    const limiter = databaseLimiter(name, { max: 3, windowMs: MINUTE });
    for (let i = 0; i < 12; i++) await limiter.hit("k");
    expect(await LimitHit.countDocuments({ key: `${name}:k` })).toBe(3);
    expect((await limiter.status("k")).limited).toBe(true);
  });

  it("sweep away the hits whose window has ended, one minute at a time, and keep the others", async () => {
    const name = fresh("sweep");
    const minute = Math.floor(Date.now() / MINUTE_MS);
    // Hits in a one-minute window counted five minutes from now (after any sweep so far), and one in a long window.
    const spent = databaseLimiter(name, { max: 5, windowMs: MINUTE }, () => Date.now() + 5 * MINUTE);
    const live = databaseLimiter(name, { max: 5, windowMs: 60 * MINUTE });
    await spent.hit("old-a");
    await spent.hit("old-b");
    await live.hit("new");
    await sweepSpentHits(minute + 10);
    expect(await LimitHit.countDocuments({ key: `${name}:old-a` })).toBe(0);
    expect(await LimitHit.countDocuments({ key: `${name}:old-b` })).toBe(0);
    expect(await LimitHit.countDocuments({ key: `${name}:new` })).toBe(1);
  });
});

describe("limits kept in Redis", () => {
  it("live under the database's name and expire with their window", async () => {
    const name = fresh("ttl");
    await redisLimiter(name, { max: 3, windowMs: MINUTE }).hit("k");
    const key = redisLimitKey(name, "k");
    expect(key).toBe(`limits:${new URL(process.env.MONGODB_URI ?? "").pathname.slice(1)}:${name}:k`);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const ttl = await client.pTTL(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(MINUTE);
    } finally {
      await client.close();
    }
  });

  it("fall back to this process's memory within a bounded time when Redis is slow, and count there", async () => {
    const limiter = redisLimiter(fresh("slow"), { max: 2, windowMs: MINUTE });
    const pauser = createClient({ url: redis.url });
    await pauser.connect();
    try {
      await pauser.sendCommand(["CLIENT", "PAUSE", "5000", "ALL"]);
      const started = Date.now();
      const first = receiptOf(await limiter.take("k"));
      expect(await limiter.take("k")).toEqual(COUNTED);
      expect((await limiter.take("k")).limited).toBe(true);
      // What was counted in memory is given back there.
      await limiter.giveBack("k", first);
      expect(await limiter.take("k")).toEqual(COUNTED);
      expect((await limiter.take("k")).limited).toBe(true);
      // Two commands wait REDIS_TIMEOUT_MS each; then Redis is left alone and the rest are at once.
      expect(Date.now() - started).toBeLessThan(2 * REDIS_TIMEOUT_MS + 500);
    } finally {
      await pauser.sendCommand(["CLIENT", "UNPAUSE"]);
      await pauser.close();
    }
  });

  it("fall back to this process's memory when Redis is gone, never failing, and use Redis again when it is back", async () => {
    const name = fresh("down");
    const limiter = redisLimiter(name, { max: 2, windowMs: MINUTE });
    const port = redis.port;
    await redis.kill();
    try {
      const started = Date.now();
      await limiter.hit("k");
      expect((await limiter.status("k")).limited).toBe(false);
      await limiter.hit("k");
      expect((await limiter.status("k")).limited).toBe(true);
      await limiter.reset("k");
      expect((await limiter.status("k")).limited).toBe(false);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      redis = await startRedis({ port });
    }
    // The client reconnects by itself (backing off up to 2 s).
    await expect.poll(() => connectRedis(), { timeout: 10_000 }).toBe(true);
    await limiter.hit("k");
    await limiter.hit("k");
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      expect(await client.zCard(redisLimitKey(name, "k"))).toBe(2);
    } finally {
      await client.close();
    }
  });

  it("hand out no fresh allowance when Redis goes away and comes back empty: the tighter count holds, for every process", async () => {
    const name = fresh("outage");
    const limit = { max: 5, windowMs: 10 * MINUTE };
    const [onA, onB] = [redisLimiter(name, limit), redisLimiter(name, limit)];
    expect(await onB.take("k")).toEqual(COUNTED);
    expect(await onA.take("k")).toEqual(COUNTED);
    expect(await onA.take("k")).toEqual(COUNTED);
    const port = redis.port;
    await redis.kill();
    // Three of five were counted: two more, not five, while Redis is away.
    const inOutage: Taken[] = [];
    try {
      for (let i = 0; i < 4; i++) inOutage.push(await onA.take("k"));
    } finally {
      redis = await startRedis({ port });
    }
    expect(inOutage.map((taken) => taken.limited)).toEqual([false, false, true, true]);
    await expect.poll(() => connectRedis(), { timeout: 10_000 }).toBe(true);
    // The restarted Redis has forgotten every hit; the process that counted them has not.
    expect((await onA.take("k")).limited).toBe(true);
    expect((await onB.take("k")).limited).toBe(true);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      expect(await client.zCard(redisLimitKey(name, "k"))).toBe(5);
    } finally {
      await client.close();
    }
  });

  it("never write back a hit given back by another process while Redis stayed up", async () => {
    const name = fresh("given-back-elsewhere");
    const limit = { max: 2, windowMs: 10 * MINUTE };
    const [onA, onB] = [redisLimiter(name, limit), redisLimiter(name, limit)];
    const first = receiptOf(await onA.take("k"));
    await onA.take("k");
    expect((await onB.status("k")).limited).toBe(true);
    await onA.giveBack("k", first);
    expect(await onB.take("k")).toEqual(COUNTED);
    expect((await onA.take("k")).limited).toBe(true);
  });
});
