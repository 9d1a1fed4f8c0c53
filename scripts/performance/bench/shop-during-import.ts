// The shop while an import runs: its home page, a part's page and POST /orderd, each measured with
// no import running and then while a parts import of new parts (the heaviest kind: every list of
// every part written) runs in a process of its own on the shop's core, as a server's import worker
// would. The target: each row's p50 during the import within twice its p50 without.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { setStock } from "@/lib/stock/adjust";
import { MAX_STOCK } from "@/lib/validation/parts";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { ImportJob } from "@/models/ImportJob";
import { SkuClaim } from "@/models/SkuClaim";
import { signIn } from "../../services/sign-in.mjs";
import { BENCH_CUSTOMER } from "./data";
import { BENCH_SITE_URL, ensureBuild, expectOk, type LoadResult, load, log, onServerCore, root, sleep, startShop, waitForQueuedOrders } from "./shared";

/** What the rows are measured for: seconds each (after a warm-up of 2). */
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);

export type DuringImportRow = { row: string; p50Without: number; p50During: number; ratio: number; target: number };

/** The import, started in its own process; resolves once its job is running. */
async function startImport(file: string): Promise<ChildProcess> {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const [command, args] = onServerCore(process.execPath, [tsx, "--conditions=react-server", path.join(import.meta.dirname, "import-child.ts"), "parts", file]);
  const child = spawn(command, args, { cwd: root, env: process.env, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => (String(chunk).includes("running") ? resolve() : undefined));
    child.on("exit", (code) => reject(new Error(`the import ended (${code}) before the shop was measured`)));
  });
  // Past its first batch's start-up: measured while it writes parts and lists.
  await sleep(3_000);
  return child;
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
  const { server: shop, base } = await startShop(uri);
  let child: ChildProcess | undefined;
  try {
    const cookie = await signIn(base, { email: BENCH_CUSTOMER.email, password: BENCH_CUSTOMER.password, name: BENCH_CUSTOMER.name });
    await expectOk(`${base}/parts/${partId}`);
    const without = await measure(base, cookie, partId, "no import");
    child = await startImport(importFile);
    const during = await measure(base, cookie, partId, "during an import");
    const running = await ImportJob.findOne({ status: "running" }, { counts: 1 }).lean();
    log(`shop during an import: the import had done ${running?.counts?.rows ?? 0} rows when the measuring ended`);
    return without.map((row, i) => {
      const p50During = during[i]!.p50;
      return { row: row.name.replace(" (no import)", ""), p50Without: row.p50, p50During, ratio: Math.round((p50During / Math.max(row.p50, 1)) * 10) / 10, target: 2 };
    });
  } finally {
    // Killed mid-job, as a crash would: the job is resumable, and the bench's database is thrown away.
    child?.kill("SIGKILL");
    await shop.stop();
  }
}
