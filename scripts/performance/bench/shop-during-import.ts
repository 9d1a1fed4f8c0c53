// The shop while an import runs: its home page, a part's page and POST /orderd, each measured with
// no import running and then while a parts import of new parts (the heaviest kind: every list of
// every part written) runs in the shop's own import worker (a private Redis holds the queue), as
// an admin's upload would. The target: each row's p50 during the import within twice its p50 without.
import { rmSync } from "node:fs";
import path from "node:path";
import { createImportJob } from "@/lib/imports/import-jobs";
import { queueImport } from "@/lib/imports/queue";
import { closeJobs } from "@/lib/jobs/queues";
import { setStock } from "@/lib/stock/adjust";
import { MAX_STOCK } from "@/lib/validation/parts";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { ImportJob } from "@/models/ImportJob";
import { Part } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";
import { startRedis } from "../../services/redis.mjs";
import { signIn } from "../../services/sign-in.mjs";
import { BENCH_CUSTOMER } from "./data";
import { BENCH_SITE_URL, ensureBuild, expectOk, type LoadResult, load, log, root, sleep, startShop, waitForQueuedOrders } from "./shared";

/** What the rows are measured for: seconds each (after a warm-up of 2). */
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);

export type DuringImportRow = { row: string; p50Without: number; p50During: number; ratio: number; target: number };

/** The import, queued for the shop's own worker; resolves once its job is running. */
async function startImport(file: string): Promise<string> {
  const id = await createImportJob("parts", file);
  await queueImport(id);
  const until = Date.now() + 60_000;
  while ((await ImportJob.findById(id, { status: 1 }).lean())?.status !== "running") {
    if (Date.now() > until) throw new Error("the shop's import worker did not take the job up within 60 s");
    await sleep(200);
  }
  // Past its first batch's start-up: measured while it writes parts and lists.
  await sleep(3_000);
  return id;
}

async function measure(base: string, cookie: string, partId: string, label: string): Promise<LoadResult[]> {
  const order = { _id: partId, name: BENCH_CUSTOMER.name, email: BENCH_CUSTOMER.email, quantity: "1", phone: "555-0100", address: "1 Bench Street", partsname: "bench", price: 1 };
  const headers = { "content-type": "application/json", cookie, origin: new URL(BENCH_SITE_URL).origin };
  const options = { warmupSeconds: 2, durationSeconds: SECONDS };
  return [
    await load(`page / (${label})`, `${base}/`, options),
    await load(`page /parts/{id} (${label})`, `${base}/parts/${partId}`, options),
    await load(`POST /orderd (${label})`, `${base}/orderd`, { ...options, method: "POST", headers, body: JSON.stringify(order), settle: () => waitForQueuedOrders([partId]) }),
  ];
}

/** The rows, on the database at `uri` already holding the imported parts (`orderedSku` among them); `importFile` adds new parts. */
export async function shopDuringImport(uri: string, orderedSku: string, importFile: string): Promise<DuringImportRow[]> {
  ensureBuild();
  const claim = await SkuClaim.findById(compactNumber(orderedSku)).lean();
  if (!claim) throw new Error(`no part bears ${orderedSku}`);
  const partId = String(claim.part);
  // Stock that never runs out under the order load.
  await setStock(partId, MAX_STOCK);
  // Kept in a folder, so it evicts nothing (BullMQ's rule for a queue's Redis); a fresh one each run.
  const redisDir = path.join(root, ".data", "bench-imports-redis");
  rmSync(redisDir, { recursive: true, force: true });
  const redis = await startRedis({ quiet: true, dataDir: redisDir });
  // The job queue only: the shop's cache stays in its own memory, as in the rows without Redis.
  process.env.JOBS_REDIS_URL = redis.url;
  const { server: shop, base } = await startShop(uri);
  try {
    const cookie = await signIn(base, { email: BENCH_CUSTOMER.email, password: BENCH_CUSTOMER.password, name: BENCH_CUSTOMER.name });
    await expectOk(`${base}/parts/${partId}`);
    const without = await measure(base, cookie, partId, "no import");
    const job = await startImport(importFile);
    const [partsBefore, started] = [await Part.estimatedDocumentCount(), Date.now()];
    const during = await measure(base, cookie, partId, "during an import");
    const added = (await Part.estimatedDocumentCount()) - partsBefore;
    const running = await ImportJob.findById(job, { status: 1 }).lean();
    log(`shop during an import: the job (${running?.status}) added ${added} parts in the ${Math.round((Date.now() - started) / 1000)} s measured`);
    return without.map((row, i) => {
      const p50During = during[i]!.p50;
      return { row: row.name.replace(" (no import)", ""), p50Without: row.p50, p50During, ratio: Math.round((p50During / Math.max(row.p50, 1)) * 10) / 10, target: 2 };
    });
  } finally {
    // The shop hands its job back as it stops; the bench's database is thrown away.
    await shop.stop();
    await closeJobs();
    await redis.stop();
    delete process.env.JOBS_REDIS_URL;
  }
}
