// What every group of npm run bench shares: the production build, the servers (database, shop) on
// the server core, the real sign-in, and the autocannon runner.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { connectDb, trusted } from "@/lib/storage/connect";
import { Part } from "@/models/Part";
import { freePort } from "../../services/ferretdb.mjs";

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

export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");


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

/** Newest modification time among the files a build depends on. */
function newestSource(): number {
  const files = spawnSync("git", ["ls-files", "app", "components", "lib", "models", "public", "proxy.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"], {
    cwd: root,
    encoding: "utf8",
  }).stdout.split("\n").filter(Boolean);
  return Math.max(...files.map((f) => (existsSync(path.join(root, f)) ? statSync(path.join(root, f)).mtimeMs : 0)));
}

export function ensureBuild() {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!process.env.BENCH_REBUILD && existsSync(buildId) && statSync(buildId).mtimeMs > newestSource()) {
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

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer in time`);
}

/** Asks a server to stop (SIGTERM) and waits for it to exit, up to timeoutMs; then kills it. */
export async function stopServer(name: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const started = Date.now();
  child.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))]);
  clearTimeout(timer);
  if (timedOut) {
    log(`${name} had not stopped ${timeoutMs / 1000} s after SIGTERM; killing it`);
    child.kill("SIGKILL");
    await exited;
  } else if (Date.now() - started > 2000) log(`${name} stopped ${((Date.now() - started) / 1000).toFixed(1)} s after SIGTERM`);
}

function cookieHeader(jar: Map<string, string>) {
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

function keepCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
}

/** Signs in through the real next-auth credentials flow; returns the Cookie header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  keepCookies(jar, csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), origin: base },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keepCookies(jar, res);
  if (![...jar.keys()].some((k) => k.endsWith("next-auth.session-token"))) throw new Error(`sign-in as ${email} failed (${res.status})`);
  return cookieHeader(jar);
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

export type Server = { name: string; child: ChildProcess; timeoutMs: number };

/** Stops the servers in order: the shop first, and waits for it, so its last requests still have a database; the database last. */
export async function stopAll(shop: Server | undefined, others: Server[], db: Server | undefined) {
  if (shop) await stopServer(shop.name, shop.child, shop.timeoutMs);
  await Promise.all(others.map((s) => stopServer(s.name, s.child, s.timeoutMs)));
  if (db) await stopServer(db.name, db.child, db.timeoutMs);
}

/** A fresh embedded database in dataDir on the server core; MONGODB_URI names it and lib/storage/connect.ts is connected to it. */
export async function startDatabase(dataDir: string): Promise<{ server: Server; uri: string }> {
  const port = await freePort();
  const [cmd, args] = onServerCore(process.execPath, [path.join(root, "scripts", "services", "ferretdb.mjs"), "--port", String(port), "--data", dataDir, "--fresh", "--quiet"]);
  const server: Server = { name: "the database", child: spawn(cmd, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] }), timeoutMs: 15_000 };
  const uri = `mongodb://127.0.0.1:${port}/autoparts`;
  process.env.MONGODB_URI = uri;
  for (let i = 0; ; i++) {
    try {
      await connectDb();
      return { server, uri };
    } catch (e) {
      if (i > 120) {
        await stopServer(server.name, server.child, server.timeoutMs);
        throw e;
      }
      await sleep(500);
    }
  }
}

/** The shop's production build (next start) on the server core, against the database at uri; answers once its home page does. */
export async function startShop(uri: string, nodeFlags: string[] = []): Promise<{ server: Server; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // node itself runs next start (which serves in-process), so node's own flags (--cpu-prof, refused
  // in NODE_OPTIONS) reach the server.
  const [cmd, args] = onServerCore(process.execPath, [...nodeFlags, nextBin, "start", "-H", "127.0.0.1", "-p", String(port)]);
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    // SITE_URL, the public address in canonical and og: URLs (never fetched), is fixed like a real
    // deployment's, rather than the random port's: the same HTML every run, so the Next floor's
    // build of it is reused.
    env: { ...process.env, NEXT_DIST_DIR: distDir, MONGODB_URI: uri, NEXTAUTH_URL: base, SITE_URL: BENCH_SITE_URL, NEXTAUTH_SECRET: "bench-only-secret-0123456789abcdef", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  const server: Server = { name: "the shop's server", child, timeoutMs: stopTimeoutMs };
  try {
    await waitForHttp(`${base}/`, child);
  } catch (e) {
    await stopServer(server.name, server.child, server.timeoutMs);
    throw e;
  }
  return { server, base };
}

/** A Markdown table, its columns padded to line up on a terminal as well. */
export function markdownTable(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [fmt(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(fmt)].join("\n");
}
