import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeJobs } from "@/lib/jobs/queues";
import { importQueue, queueImport, startImportWorker } from "@/lib/imports/queue";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";
import { importJobOf, jobOf, missingFromCatalogue, partOfSku } from "../support/imports";

// Import jobs on a real Redis: queued twice they run once, two at once over the same parts both
// finish with every part as its last row says and in every list, and a worker starting takes up
// the jobs left unfinished.

let redis: PrivateRedis;
const HEADER = "sku,name,description,price,stock,image_url";
const rows = (price: number) => Array.from({ length: 20 }, (_, i) => `QUEUED-${i},Queued part ${i},A part.,${price},4,https://example.com/q.jpg`);

async function until(done: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 120_000;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("the jobs did not end in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  redis = await startRedis({ quiet: true });
  process.env.REDIS_URL = redis.url;
  await connectDb();
  await ensureIndexes();
}, 60_000);

afterAll(async () => {
  await closeJobs();
  await redis.stop();
});

describe("import jobs on the queue", () => {
  it("runs a job queued twice once, and two jobs at once over the same parts both end with the lists right", async () => {
    const first = await importJobOf("parts", [HEADER, ...rows(5)]);
    const second = await importJobOf("parts", [HEADER, ...rows(6)]);
    // Queued before any worker: the worker queues the unfinished jobs again at its start, which adds nothing.
    await queueImport(first);
    await queueImport(first);
    await queueImport(second);
    const worker = await startImportWorker();
    worker.concurrency = 2;
    await until(async () => (await jobOf(first)).status === "done" && (await jobOf(second)).status === "done");
    expect((await importQueue().getJobCounts("completed")).completed).toBe(2);
    for (const job of [first, second]) expect((await jobOf(job)).counts).toMatchObject({ rows: 20, accepted: 20, refused: 0 });
    const counts = await Promise.all([first, second].map(async (job) => (await jobOf(job)).counts));
    expect(counts.reduce((sum, c) => sum + (c?.added ?? 0), 0)).toBe(20);
    for (let i = 0; i < 20; i += 1) {
      const part = await partOfSku(`QUEUED-${i}`);
      expect([5, 6]).toContain(part?.price);
      expect(await missingFromCatalogue(part!)).toEqual([]);
    }
  }, 180_000);
});
