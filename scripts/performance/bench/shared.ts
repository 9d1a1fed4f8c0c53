// What every group of npm run bench shares: the production build, the servers (database, shop,
// baselines) on the server core, and the autocannon runner.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { connectDb, trusted } from "@/lib/storage/connect";
import { Part } from "@/models/Part";
import { nextBin } from "../../services/paths.mjs";
import { buildState } from "../../services/production-build.mjs";
import { freePort, startServerProcess, type ServerProcess } from "../../services/server-process.mjs";

export const root = path.resolve(import.meta.dirname, "..", "..", "..");
export const distDir = ".next-bench";
export const duration = Number(process.env.BENCH_DURATION ?? 15);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const warmup = Number(process.env.BENCH_WARMUP ?? 3);
/** autocannon's per-request timeout, in seconds. */
export const requestTimeout = 10;
export const stopTimeoutMs = Number(process.env.BENCH_STOP_TIMEOUT ?? 30) * 1000;

export const BENCH_SITE_URL = "http://shop.bench.example";

export const benchDir = path.join(root, ".bench");

// Servers on core 0, load (this process) on core 1, where the machine has two.
// (Once pinned, this process sees one core, so the decision travels in BENCH_PINNED.)
// The machine's core count, before pinning hides all but one.
export const machineCores = Number(process.env.BENCH_MACHINE_CORES ?? os.availableParallelism());
export const canPin = process.env.BENCH_PINNED === "1" || (os.availableParallelism() >= 2 && spawnSync("taskset", ["-V"]).status === 0);

export const onServerCore = (cmd: string, args: string[]): [string, string[]] => (canPin ? ["taskset", ["-c", "0", cmd, ...args]] : [cmd, args]);
/** Builds take every core: this process is pinned to one, and its children would inherit that. */
export const onAllCores = (cmd: string, args: string[]): [string, string[]] => (canPin ? ["taskset", ["-c", `0-${machineCores - 1}`, cmd, ...args]] : [cmd, args]);

export function log(message: string) {
  console.log(`[bench] ${message}`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** The monotonic clock in microseconds: the clock V8 stamps CPU profile samples with, in every process. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

export function ensureBuild() {
  if (!process.env.BENCH_REBUILD && buildState(distDir) === "fresh") {
    log(`reusing the fresh production build in ${distDir}`);
    return;
  }
  log(`building the production app into ${distDir}…`);
  const [cmd, args] = onAllCores(path.join(root, "node_modules", ".bin", "next"), ["build"]);
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error("next build failed");
  // next build writes route types under the build folder and lists them in tsconfig.json. The
  // bench build is rebuilt only when the bench runs, so its types would go stale and fail
  // npm run typecheck once a route changes: they are not needed to run it.
  for (const dir of ["types", path.join("dev", "types")]) rmSync(path.join(root, distDir, dir), { recursive: true, force: true });
}

/** Whether `url` answers at all (below 500: a redirect or a 404 is an answer). */
const answersHttp = (url: string) => () => fetch(url).then((res) => res.status < 500, () => false);

/** A server of the bench (node running `argv`) on the server core, ready once `url` answers; `log` hears of a slow stop. */
export function startBenchServer(name: string, argv: string[], url: string, { cwd = root, env, graceMs = 10_000 }: { cwd?: string; env?: NodeJS.ProcessEnv; graceMs?: number } = {}): Promise<ServerProcess> {
  const [command, args] = onServerCore(process.execPath, argv);
  return startServerProcess({ name, command, args, spawnOptions: { cwd, env, stdio: ["ignore", "ignore", "inherit"] }, answers: answersHttp(url), pollMs: 250, timeoutMs: 60_000, graceMs, log });
}

/** The autocannon settings of one target, the same for every target but the method. */
export type LoadSettings = { connections: number; warmupSeconds: number; durationSeconds: number; timeoutSeconds: number; pipelining: number; method: "GET" | "POST" };

export type LoadResult = {
  name: string;
  url: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** Answers with a 2xx status. */
  successes: number;
  ratio?: number;
  baseline?: string;
  /** Pages: req/s as a share of the Next floor's, i.e. what the shop keeps of what Next itself can do. */
  floorRatio?: number;
  /** Whether the pages target is met: pages >= 0.25 of static, p99 < 100 ms, no errors; API reads >= 0.5 of driver. */
  meets?: boolean;
  autocannon: LoadSettings;
  /** The machine's 1, 5 and 15 minute load averages before the warm-up and after the measured run. */
  loadAverage: { before: number[]; after: number[] };
  /** The measured run on the monotonic clock (µs), to cut a CPU profile to it. */
  windowUs: [number, number];
  /** POST /orderd: how long the shop took to finish the orders still queued after the warm-up and after the run, and how many. */
  queuedAfterLoad?: { afterWarmup: Settled | null; afterRun: Settled | null };
};

/** One request first: a target that answers an error would measure the error path, not the page. */
export async function expectOk(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: "manual", ...init });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${init.method ?? "GET"} ${url} answered ${res.status}; not benchmarking an error`);
}

export type Settled = { ms: number; orders: number };

/**
 * Waits until the shop has worked through the orders still queued when autocannon stopped: the
 * load's connections are closed, but every order that reached the server waits for the part's
 * stock lock and then runs. Done when the parts' stock has not moved for 3 s (at most 90 s).
 */
export async function waitForQueuedOrders(partIds: string[]): Promise<Settled> {
  await connectDb();
  const stock = async () => (await Part.find({ _id: trusted({ $in: partIds }) }).select("quantity").lean()).reduce((sum, p) => sum + p.quantity, 0);
  const started = Date.now();
  const first = await stock();
  let last = first;
  let changed = started;
  while (Date.now() - changed < 3000 && Date.now() - started < 90_000) {
    await sleep(500);
    const now = await stock();
    if (now !== last) [last, changed] = [now, Date.now()];
  }
  return { ms: changed - started, orders: first - last };
}

export async function load(
  name: string,
  url: string,
  opts: {
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    settle?: () => Promise<Settled>;
    /** Rewrites each request before it is sent (e.g. a different part per order). */
    setupRequest?: autocannon.Request["setupRequest"];
    warmupSeconds?: number;
    durationSeconds?: number;
  } = {},
): Promise<LoadResult> {
  const settings: LoadSettings = {
    connections, warmupSeconds: opts.warmupSeconds ?? warmup, durationSeconds: opts.durationSeconds ?? duration, timeoutSeconds: requestTimeout, pipelining: 1, method: opts.method ?? "GET",
  };
  const requests = opts.setupRequest ? [{ setupRequest: opts.setupRequest }] : undefined;
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, pipelining: settings.pipelining, method: settings.method, headers: opts.headers, body: opts.body, timeout: requestTimeout, requests });
  const before = loadAverage();
  let afterWarmup: Settled | undefined;
  if (settings.warmupSeconds > 0) {
    await run(settings.warmupSeconds);
    // What the warm-up left queued would otherwise be served during the measured run.
    afterWarmup = await opts.settle?.();
  }
  const start = monotonicUs();
  const r = await run(settings.durationSeconds);
  const windowUs: [number, number] = [start, monotonicUs()];
  const after = loadAverage();
  const afterRun = await opts.settle?.();
  const errors = r.errors + r.timeouts + r.non2xx;
  const result: LoadResult = {
    name, url, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors, requests: r.requests.total, successes: r["2xx"],
    autocannon: settings, loadAverage: { before, after }, windowUs,
    ...(opts.settle ? { queuedAfterLoad: { afterWarmup: afterWarmup ?? null, afterRun: afterRun ?? null } } : {}),
  };
  log(`${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${errors}`);
  if (afterRun) log(`${name}: the shop finished ${afterRun.orders} more queued order(s) in ${(afterRun.ms / 1000).toFixed(1)} s after the run`);
  return result;
}

/** Stops the servers in order: the shop first, and waits for it, so its last requests still have a database; the database last. */
export async function stopAll(shop: ServerProcess | undefined, others: ServerProcess[], db: ServerProcess | undefined) {
  await shop?.stop();
  await Promise.all(others.map((server) => server.stop()));
  await db?.stop();
}

/** A fresh embedded database in dataDir on the server core; MONGODB_URI names it and lib/storage/connect.ts is connected to it. */
export async function startDatabase(dataDir: string, { fresh = true }: { fresh?: boolean } = {}): Promise<{ server: ServerProcess; uri: string }> {
  const port = await freePort();
  const [command, args] = onServerCore(process.execPath, [path.join(root, "scripts", "services", "ferretdb.mjs"), "--port", String(port), "--data", dataDir, ...(fresh ? ["--fresh"] : []), "--quiet"]);
  const uri = `mongodb://127.0.0.1:${port}/autoparts`;
  process.env.MONGODB_URI = uri;
  let refusal = "no answer yet";
  const server = await startServerProcess({
    name: "the database",
    command,
    args,
    spawnOptions: { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
    answers: () => connectDb().then(() => true, (e: unknown) => ((refusal = e instanceof Error ? e.message : String(e)), false)),
    pollMs: 500,
    timeoutMs: 120_000,
    graceMs: 15_000,
    hint: () => `: ${refusal}`,
    log,
  });
  return { server, uri };
}

/** The shop's production build (next start) on the server core, against the database at uri; answers once its home page does. */
export async function startShop(uri: string, nodeFlags: string[] = []): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // node itself runs next start (which serves in-process), so node's own flags (--cpu-prof, refused
  // in NODE_OPTIONS) reach the server. SITE_URL, the public address in canonical and og: URLs (never
  // fetched), is fixed like a real deployment's, rather than the random port's: the same HTML every
  // run, so the Next floor's build of it is reused.
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: distDir, MONGODB_URI: uri, NEXTAUTH_URL: base, SITE_URL: BENCH_SITE_URL, NEXTAUTH_SECRET: "bench-only-secret-0123456789abcdef", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  const server = await startBenchServer("the shop's server", [...nodeFlags, nextBin, "start", "-H", "127.0.0.1", "-p", String(port)], `${base}/`, { env, graceMs: stopTimeoutMs });
  return { server, base };
}

/** A Markdown table, its columns padded to line up on a terminal as well. */
export function markdownTable(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [fmt(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(fmt)].join("\n");
}
