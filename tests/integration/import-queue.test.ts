import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { UnrecoverableError } from "bullmq";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeJobs } from "@/lib/jobs/queues";
import { importQueue, queueImport, startImportWorker } from "@/lib/imports/queue";
import { runImport } from "@/lib/imports/run-import";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";
import { Part } from "@/models/Part";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";
import { importJobOf, jobOf, missingFromCatalogue, partOfSku } from "../support/imports";

// Import jobs on a real Redis: queued twice they run once; two at once over the same parts both
// finish with every part as one of their rows says and in every list; a worker starting takes up the
// jobs left unfinished, even one the queue gave up on; a job that keeps failing ends failed, saying
// why; a process that stops hands its job back at the next batch, and another worker finishes it.

let redis: PrivateRedis;
const HEADER = "sku,name,description,price,stock,image_url";
const rows = (prefix: string, count: number, price: number, stock: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i},${prefix} part ${i},A part.,${price},${stock},https://example.com/q.jpg`);

const stockOf = async (sku: string) => (await Part.findById((await partOfSku(sku))!._id, { quantity: 1 }).lean())!.quantity;

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

afterEach(async () => {
  await closeJobs();
});

afterAll(async () => {
  await redis.stop();
});

describe("import jobs on the queue", () => {
  it("runs a job queued twice once, and two jobs at once over the same parts both end with the lists right", async () => {
    // The parts exist with 4 in stock; the two files say 5 and 6: whichever ends last, the stock is what its file says.
    await runImport(await importJobOf("parts", [HEADER, ...rows("QUEUED", 20, 4, 4)]));
    const first = await importJobOf("parts", [HEADER, ...rows("QUEUED", 20, 5, 5)]);
    const second = await importJobOf("parts", [HEADER, ...rows("QUEUED", 20, 6, 6)]);
    // Queued before any worker: the worker queues the unfinished jobs again at its start, which adds nothing.
    await queueImport(first);
    await queueImport(first);
    await queueImport(second);
    const worker = await startImportWorker();
    worker.concurrency = 2;
    await until(async () => (await jobOf(first)).status === "done" && (await jobOf(second)).status === "done");
    expect((await importQueue().getJobCounts("completed")).completed).toBe(2);
    for (const job of [first, second]) expect((await jobOf(job)).counts).toMatchObject({ rows: 20, accepted: 20, refused: 0, added: 0 });
    for (let i = 0; i < 20; i += 1) {
      const part = await partOfSku(`QUEUED-${i}`);
      expect([5, 6]).toContain(part?.price);
      expect([5, 6]).toContain(await stockOf(`QUEUED-${i}`));
      expect(await missingFromCatalogue(part!)).toEqual([]);
    }
  }, 180_000);

  it("a job that fails on every try ends failed, saying why; a worker starting takes it up again if the job was left unfinished", async () => {
    const id = await importJobOf("parts", [HEADER, ...rows("FAILING", 12, 3, 2)]);
    const { file } = await jobOf(id);
    const stored = readFileSync(file);
    await importQueue().add("import", { id }, { jobId: id, attempts: 2, backoff: { type: "fixed", delay: 10 } });
    await startImportWorker({ batchRows: 5, afterBatch: () => { throw new Error("the database went away"); } });
    await until(async () => (await jobOf(id)).status === "failed");
    expect((await jobOf(id)).error).toMatch(/^Stopped after 2 tries: the database went away/);
    expect(await (await importQueue().getJob(id))!.getState()).toBe("failed");
    await closeJobs();

    // A failed job's stored copy goes with it (lib/imports/stored-files.ts).
    expect(existsSync(file)).toBe(false);

    // As if the database had been away when the last try ended: the job still says running, so its copy is still stored.
    await ImportJob.updateOne({ _id: id }, { $set: { status: "running" }, $unset: { error: 1 } });
    writeFileSync(file, stored);
    await startImportWorker({ batchRows: 5 });
    await until(async () => (await jobOf(id)).status === "done");
    expect((await jobOf(id)).counts).toMatchObject({ rows: 12, accepted: 12, added: 12 });
  }, 180_000);

  it("a job the queue gives up on before its last try (an error marked unrecoverable) ends failed with the reason, not running for ever", async () => {
    const id = await importJobOf("parts", [HEADER, ...rows("GIVEN-UP", 12, 3, 2)]);
    await queueImport(id);
    await startImportWorker({ batchRows: 5, afterBatch: () => { throw new UnrecoverableError("the part's lock is gone for good"); } });
    await until(async () => (await importQueue().getJob(id))?.isFailed() ?? false);
    await until(async () => (await jobOf(id)).status === "failed");
    expect((await jobOf(id)).error).toBe("the part's lock is gone for good");
  }, 180_000);

  it("a worker starting deletes the stored copy of a job that ended while its process died before deleting it", async () => {
    const id = await importJobOf("parts", [HEADER, ...rows("SWEPT", 2, 3, 2)]);
    await ImportJob.updateOne({ _id: id }, { $set: { status: "done" } });
    await startImportWorker();
    expect(existsSync((await jobOf(id)).file)).toBe(false);
  });

  it("a process that stops hands its job back after the batch it is in, and a worker started later finishes it", async () => {
    const id = await importJobOf("parts", [HEADER, ...rows("HANDED", 30, 3, 2)]);
    await queueImport(id);
    let stopping: Promise<void> | undefined;
    await startImportWorker({ batchRows: 5, afterBatch: (batch) => { if (batch === 2) stopping = closeJobs(); } });
    await until(async () => stopping !== undefined);
    await stopping;
    expect(await jobOf(id)).toMatchObject({ status: "running", counts: { rows: 10, added: 10 } });
    expect(await (await importQueue().getJob(id))!.getState()).toBe("delayed");

    await startImportWorker({ batchRows: 5 });
    await until(async () => (await jobOf(id)).status === "done");
    expect((await jobOf(id)).counts).toMatchObject({ rows: 30, accepted: 30, added: 30 });
    for (let i = 0; i < 30; i += 1) expect(await stockOf(`HANDED-${i}`), `part ${i}`).toBe(2);
  }, 180_000);
});
