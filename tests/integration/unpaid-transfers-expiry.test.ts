import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { Order } from "@/models/Order";
import { ScheduledRun } from "@/models/ScheduledRun";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";
import { freePort } from "../../scripts/services/server-process.mjs";
import { makePart, stockOf } from "../support/api";
import { placeLines } from "../support/order-lines";
import { startServer, type TestServer } from "../support/server";

// Two server processes on one database, the unpaid-transfer job run by each one's timer, or by the
// job queue's scheduler on a shared Redis: a bank transfer left unpaid past the shop's hold (7 days by
// default) is cancelled once, its lines back in stock once.

const DAY_MS = 24 * 60 * 60 * 1000;
const CANCELLED_LINE = /cancelled (\d+) unpaid bank transfer/g;
let servers: TestServer[] = [];
let redis: PrivateRedis | undefined;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await redis?.stop();
});

describe.each([
  ["each on its own timer", false],
  ["through the job queue on a shared Redis", true],
] as const)("the unpaid bank transfers' expiry, with two server processes %s", (_how, shared) => {
  it("cancels an order unpaid for 9 days once, puts each line back once, and leaves a 2-day-old one", async () => {
    await Promise.all(servers.map((server) => server.stop()));
    // A fresh start: the previous servers' last check must not make this one wait.
    await ScheduledRun.deleteMany({});
    redis = shared ? await startRedis() : undefined;
    const env: Record<string, string> = redis ? { REDIS_URL: redis.url } : {};
    const [a, b] = await Promise.all([makePart({ quantity: 30 }), makePart({ quantity: 30 })]);
    const expired = await placeLines([[String(a._id), 4], [String(b._id), 6]], { createdAt: new Date(Date.now() - 9 * DAY_MS) });
    const recent = await placeLines([[String(a._id), 1]], { createdAt: new Date(Date.now() - 2 * DAY_MS) });
    servers = await Promise.all([startServer(env), startServer(env, { port: await freePort() })]);

    await vi.waitFor(async () => expect((await Order.findById(expired._id).lean())?.status).toBe("cancelled"), { timeout: 60_000, interval: 500 });
    // Both processes have ticked by now: the second tick found the job done or running elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const cancellations = servers.flatMap((server) => [...server.output().matchAll(CANCELLED_LINE)].map((match) => Number(match[1])));
    expect(cancellations).toEqual([1]);
    // With Redis the scheduler ran it, not a timer a process fell back to.
    expect(servers.map((server) => server.output()).join("")).not.toContain("could not schedule");
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([29, 30]);
    expect((await Order.findById(recent._id).lean())?.status).toBe("placed");
  }, 180_000);
});
