import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { databaseLimiter } from "@/lib/limits/database-store";
import { sweepSpentHits } from "@/lib/limits/database-sweep";
import { LimitHit } from "@/models/LimitHit";
import { describeQuery, problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// The limits kept in the database (no REDIS_URL) run on every sign-in, sign-up and review write:
// each read must be engine-shaped (tests/support/query-audit.ts), and a fixed number per call,
// however many hits a key or the collection holds.

const MAX = 10;
const limiter = databaseLimiter("audit", { max: MAX, windowMs: 60_000 });

beforeAll(async () => {
  await connectDb();
  await LimitHit.init();
  // A key with its full window of hits, among many other keys.
  for (let i = 0; i < 3 * MAX; i++) await limiter.hit("busy");
  await Promise.all(Array.from({ length: 200 }, (_, i) => limiter.hit(`other-${i}`)));
  startQueryRecorder();
}, 120_000);

afterAll(() => stopQueryRecorder());

const AUDITED: { call: string; run: () => Promise<unknown>; queries: number }[] = [
  { call: "status (every sign-in's check)", run: () => limiter.status("busy"), queries: 1 },
  { call: "hit (a failed sign-in)", run: () => limiter.hit("busy"), queries: 1 },
  { call: "take (a sign-up, a review write)", run: () => limiter.take("fresh"), queries: 1 },
  { call: "sweep of spent hits (a minute's catch-up)", run: () => sweepSpentHits(), queries: 1 },
];

describe("query audit of the limits kept in the database: engine-shaped reads, a fixed number per call", () => {
  it.each(AUDITED)("$call", async ({ call, run, queries: expected }) => {
    // A sweep started in the background by a hit may read its mark meanwhile: the calls' own collections only.
    const own = call.startsWith("sweep") ? "limitsweeps" : "limithits";
    const queries = (await queriesOf(run)).queries.filter((query) => query.collection === own);
    expect(problemsOf(call, queries), call).toEqual([]);
    expect(queries.map(describeQuery), `${call} sends ${expected} reads`).toHaveLength(expected);
  });

  it("keeps a busy key at its last max hits, so its read stays small", async () => {
    expect(await LimitHit.countDocuments({ key: "audit:busy" })).toBe(MAX);
  });
});
