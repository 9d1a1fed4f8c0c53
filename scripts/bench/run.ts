// npm run bench: the finished shop against bare baselines, on this machine.
//   BENCH_DURATION (s, default 15), BENCH_CONNECTIONS (default 50), BENCH_WARMUP (s, default 3),
//   BENCH_SKIP_LIGHTHOUSE=1, BENCH_REBUILD=1 (force a new production build of the shop),
//   BENCH_ONLY=pages,api,js,lighthouse (comma-separated: run only these groups of targets while
//     iterating; the baselines a chosen group needs still run; default: all),
//   BENCH_CPU_PROF=1 (the shop's server runs under node --cpu-prof and writes a V8 CPU profile to
//     .bench/prof/ when it stops; the bench then summarises the measured part of the page and API
//     read runs with scripts/bench/profile-summary.mjs),
//   BENCH_STOP_TIMEOUT (s, default 30: how long the shop may take to finish its requests and stop,
//     before the database is stopped, before it is killed),
//   CHROMIUM_PATH (default /usr/bin/chromium).
// Baselines: a bare node:http server with a saved copy of the home page's HTML ("static"), one
// answering GET /carparts/{id} from the mongodb driver ("driver"), and the "Next floor": a minimal
// Next app built under .bench/floor-app/ with the repo's own next, serving the same HTML from a
// static route handler and an empty page whose first-load JS is the framework's own. The floor
// says how much of a gap to a target is Next.js itself and how much is the shop.
// Results: a table on stdout and JSON in .bench/ (git-ignored): latest.json and a timestamped copy.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { connectDb, disconnectDb } from "@/lib/db";
import { Part } from "@/models/Part";
import { freePort } from "../ferretdb.mjs";
import { BENCH_CUSTOMER, BENCH_SIZES, generateBenchData } from "./data";

const root = path.resolve(import.meta.dirname, "..", "..");
const distDir = ".next-bench";
const duration = Number(process.env.BENCH_DURATION ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
/** autocannon's per-request timeout, in seconds. */
const requestTimeout = 10;
const stopTimeoutMs = Number(process.env.BENCH_STOP_TIMEOUT ?? 30) * 1000;
const JS_TARGET_KIB = 110;
const PAGE_RATIO_TARGET = 0.25;
const API_RATIO_TARGET = 0.5;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const BENCH_SITE_URL = "http://shop.bench.example";
const cpuProf = Boolean(process.env.BENCH_CPU_PROF);
const benchDir = path.join(root, ".bench");
const profDir = path.join(benchDir, "prof");
const floorDir = path.join(benchDir, "floor-app");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** The groups of targets BENCH_ONLY chooses from. */
const GROUPS = ["pages", "api", "js", "lighthouse"] as const;
type Group = (typeof GROUPS)[number];
const only: Group[] = (() => {
  const asked = (process.env.BENCH_ONLY ?? "").split(",").map((g) => g.trim()).filter(Boolean);
  const unknown = asked.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknown.length) {
    console.error(`[bench] BENCH_ONLY: unknown group(s) ${unknown.join(", ")}; choose from ${GROUPS.join(", ")}`);
    process.exit(2);
  }
  return asked.length ? GROUPS.filter((g) => asked.includes(g)) : [...GROUPS];
})();
const runs = (group: Group) => only.includes(group) && !(group === "lighthouse" && process.env.BENCH_SKIP_LIGHTHOUSE);

// Servers on core 0, load (this process) on core 1, where the machine has two.
// (Once pinned, this process sees one core, so the decision travels in BENCH_PINNED.)
// The machine's core count, before pinning hides all but one.
const machineCores = Number(process.env.BENCH_MACHINE_CORES ?? os.availableParallelism());
const canPin = process.env.BENCH_PINNED === "1" || (os.availableParallelism() >= 2 && spawnSync("taskset", ["-V"]).status === 0);
if (canPin && !process.env.BENCH_PINNED) {
  const self = spawnSync("taskset", ["-c", "1", process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_PINNED: "1", BENCH_MACHINE_CORES: String(machineCores) },
  });
  process.exit(self.status ?? 1);
}
const onServerCore = (cmd: string, args: string[]): [string, string[]] => (canPin ? ["taskset", ["-c", "0", cmd, ...args]] : [cmd, args]);
/** Builds take every core: this process is pinned to one, and its children would inherit that. */
const onAllCores = (cmd: string, args: string[]): [string, string[]] => (canPin ? ["taskset", ["-c", `0-${machineCores - 1}`, cmd, ...args]] : [cmd, args]);

function log(message: string) {
  console.log(`[bench] ${message}`);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** The monotonic clock in microseconds: the clock V8 stamps CPU profile samples with, in every process. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/** Newest modification time among the files a build depends on. */
function newestSource(): number {
  const files = spawnSync("git", ["ls-files", "app", "components", "lib", "models", "public", "proxy.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"], {
    cwd: root,
    encoding: "utf8",
  }).stdout.split("\n").filter(Boolean);
  return Math.max(...files.map((f) => (existsSync(path.join(root, f)) ? statSync(path.join(root, f)).mtimeMs : 0)));
}

function ensureBuild() {
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

const nextVersion = (JSON.parse(readFileSync(path.join(root, "node_modules", "next", "package.json"), "utf8")) as { version: string }).version;

/**
 * The Next floor: the least a Next.js app can be, built with the repo's own next. GET /home is a
 * static route handler answering the shop's saved home HTML, so `next start` serves those bytes
 * from its own prerender cache (the most Next can do for that page); /blank is an empty App
 * Router page, whose first-load JS is the framework's alone.
 */
function floorFiles(homeHtml: string): Record<string, string> {
  const generated = "// Generated by scripts/bench/run.ts (npm run bench); rebuilt when the shop's home HTML or next's version changes.\n";
  return {
    "package.json": `${JSON.stringify({ private: true }, null, 2)}\n`,
    "tsconfig.json": `${JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022", lib: ["dom", "dom.iterable", "esnext"], allowJs: true, strict: true, noEmit: true, incremental: true, skipLibCheck: true, esModuleInterop: true,
          module: "esnext", moduleResolution: "bundler", resolveJsonModule: true, isolatedModules: true, jsx: "react-jsx", plugins: [{ name: "next" }],
        },
        include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts", ".next/dev/types/**/*.ts"],
        exclude: ["node_modules"],
      },
      null,
      2,
    )}\n`,
    // The floor lives under the repo, whose node_modules Turbopack must reach: its root is the
    // repo's. Turbopack (16.4) then also picks up the shop's proxy.ts and instrumentation.ts, above
    // the project (with turbopack.root set higher still, too), which cannot even compile here.
    // Their names end in .ts: with .tsx as the only page extension the floor's own route files
    // still count and the shop's are not seen (ensureFloorBuild checks).
    "next.config.mjs": `${generated}export default { pageExtensions: ["tsx"], turbopack: { root: ${JSON.stringify(root)} } };\n`,
    "app/layout.tsx": `${generated}export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n`,
    "app/blank/page.tsx": `${generated}export default function Blank() {\n  return <main />;\n}\n`,
    "app/home/html.ts": `${generated}export const HOME_HTML = ${JSON.stringify(homeHtml)};\n`,
    "app/home/route.tsx": `${generated}import { HOME_HTML } from "./html";\n\nexport const dynamic = "force-static";\n\nexport function GET(): Response {\n  return new Response(HOME_HTML, { headers: { "content-type": "text/html; charset=utf-8" } });\n}\n`,
  };
}

/** Builds the Next floor under .bench/floor-app, unless the build there has the same stamp. */
function ensureFloorBuild(homeHtml: string): { reused: boolean; stamp: string } {
  const files = floorFiles(homeHtml);
  const hash = createHash("sha256").update(`next ${nextVersion}\n`);
  for (const [name, text] of Object.entries(files)) hash.update(`${name}\n${text}\n`);
  const stamp = hash.digest("hex");
  const stampFile = path.join(floorDir, ".bench-stamp");
  if (existsSync(path.join(floorDir, ".next", "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8").trim() === stamp) {
    log("reusing the Next floor build in .bench/floor-app (same home HTML, same next)");
    return { reused: true, stamp };
  }
  log(`building the Next floor (next ${nextVersion}) in .bench/floor-app…`);
  rmSync(floorDir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(floorDir, name)), { recursive: true });
    writeFileSync(path.join(floorDir, name), text);
  }
  const started = Date.now();
  const [cmd, args] = onAllCores(path.join(root, "node_modules", ".bin", "next"), ["build"]);
  const r = spawnSync(cmd, args, { cwd: floorDir, encoding: "utf8", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (r.status !== 0) {
    console.error(`${r.stdout}\n${r.stderr}`);
    throw new Error("next build of the Next floor failed");
  }
  // The shop's proxy.ts or instrumentation.ts in the floor would measure them, not Next.
  const manifest = JSON.parse(readFileSync(path.join(floorDir, ".next", "server", "middleware-manifest.json"), "utf8")) as { middleware: object };
  if (Object.keys(manifest.middleware).length || existsSync(path.join(floorDir, ".next", "server", "instrumentation.js"))) {
    throw new Error("the Next floor's build has a proxy or an instrumentation hook: it is not the bare framework");
  }
  writeFileSync(stampFile, `${stamp}\n`);
  log(`built the Next floor in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { reused: false, stamp };
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000) {
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
async function stopServer(name: string, child: ChildProcess, timeoutMs: number): Promise<void> {
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
async function signIn(base: string, email: string, password: string): Promise<string> {
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
type LoadSettings = { connections: number; warmupSeconds: number; durationSeconds: number; timeoutSeconds: number; pipelining: number; method: "GET" | "POST" };

type LoadResult = {
  name: string;
  url: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  ratio?: number;
  baseline?: string;
  /** Pages: req/s as a share of the Next floor's, i.e. what the shop keeps of what Next itself can do. */
  floorRatio?: number;
  /** Whether the target of issue 8 is met: pages >= 0.25 of static, p99 < 100 ms, no errors; API reads >= 0.5 of driver. */
  meets?: boolean;
  autocannon: LoadSettings;
  /** The machine's 1, 5 and 15 minute load averages before the warm-up and after the measured run. */
  loadAverage: { before: number[]; after: number[] };
  /** The measured run on the monotonic clock (µs), to cut a CPU profile to it. */
  windowUs: [number, number];
  /** POST /orderd: how long the shop took to finish the orders still queued after the warm-up and after the run, and how many. */
  queuedAfterLoad?: { afterWarmup: Settled | null; afterRun: Settled | null };
};

/** The issue's targets: pages against the static baseline, API reads against the driver baseline. */
function judge(r: LoadResult, kind: "page" | "api"): LoadResult {
  const ratioOk = (r.ratio ?? 0) >= (kind === "page" ? PAGE_RATIO_TARGET : API_RATIO_TARGET);
  return { ...r, meets: ratioOk && r.errors === 0 && (kind === "api" || r.p99 < 100) };
}

/** One request first: a target that answers an error would measure the error path, not the page. */
async function expectOk(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: "manual", ...init });
  await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${init.method ?? "GET"} ${url} answered ${res.status}; not benchmarking an error`);
}

type Settled = { ms: number; orders: number };

/**
 * Waits until the shop has worked through the orders still queued when autocannon stopped: the
 * load's connections are closed, but every order that reached the server waits for the part's
 * stock lock and then runs. Done when the part's stock has not moved for 3 s (at most 90 s).
 */
async function waitForQueuedOrders(partId: string): Promise<Settled> {
  await connectDb();
  const stock = async () => (await Part.findById(partId).select("quantity").lean())?.quantity ?? 0;
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

async function load(
  name: string,
  url: string,
  opts: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; settle?: () => Promise<Settled> } = {},
): Promise<LoadResult> {
  const settings: LoadSettings = { connections, warmupSeconds: warmup, durationSeconds: duration, timeoutSeconds: requestTimeout, pipelining: 1, method: opts.method ?? "GET" };
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, pipelining: settings.pipelining, method: settings.method, headers: opts.headers, body: opts.body, timeout: requestTimeout });
  const before = loadAverage();
  let afterWarmup: Settled | undefined;
  if (warmup > 0) {
    await run(warmup);
    // What the warm-up left queued would otherwise be served during the measured run.
    afterWarmup = await opts.settle?.();
  }
  const start = monotonicUs();
  const r = await run(duration);
  const windowUs: [number, number] = [start, monotonicUs()];
  const after = loadAverage();
  const afterRun = await opts.settle?.();
  const errors = r.errors + r.timeouts + r.non2xx;
  const result: LoadResult = {
    name, url, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors, requests: r.requests.total,
    autocannon: settings, loadAverage: { before, after }, windowUs,
    ...(opts.settle ? { queuedAfterLoad: { afterWarmup: afterWarmup ?? null, afterRun: afterRun ?? null } } : {}),
  };
  log(`${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${errors}`);
  if (afterRun) log(`${name}: the shop finished ${afterRun.orders} more queued order(s) in ${(afterRun.ms / 1000).toFixed(1)} s after the run`);
  return result;
}

type FirstLoadJs = { page: string; scripts: number; gzipBytes: number };

/** gzip bytes of the scripts a page's HTML loads. */
async function firstLoadJs(base: string, pathname: string, cookie?: string): Promise<FirstLoadJs> {
  const html = await (await fetch(`${base}${pathname}`, { headers: cookie ? { cookie } : {} })).text();
  // A noModule script (Next's legacy polyfills) is skipped by every browser that runs modules.
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((m) => !/\snoModule/i.test(m[0]));
  const srcs = [...new Set(tags.map((m) => m[1]!))];
  let gzipBytes = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src.replace(/&amp;/g, "&"), base))).arrayBuffer());
    gzipBytes += gzipSync(body).length;
  }
  return { page: pathname, scripts: srcs.length, gzipBytes };
}

type LighthouseScores = { performance: number; accessibility: number; "best-practices": number; seo: number };
const LIGHTHOUSE_METRICS = { fcp: "first-contentful-paint", lcp: "largest-contentful-paint", tbt: "total-blocking-time", cls: "cumulative-layout-shift", si: "speed-index" } as const;
/** FCP, LCP, TBT and SI in ms, CLS unitless; null where Lighthouse gave no value. */
type LighthouseMetrics = Record<keyof typeof LIGHTHOUSE_METRICS, number | null>;
/** The medians (each score and metric on its own) and every run. */
type LighthouseResult = LighthouseScores & { metrics: LighthouseMetrics; runs: { scores: LighthouseScores; metrics: LighthouseMetrics }[] };

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/**
 * The browser Lighthouse drives, on every core. This process is pinned to the load core and its
 * children inherit that: Chrome's browser, renderer and this driver then shared one core, which
 * measured TBT on `/` (mobile) at 230 to 400 ms against 80 to 180 ms unpinned, on an idle machine.
 * chrome-launcher takes one executable, so a pinned run goes through a two-line wrapper.
 */
function lighthouseChromePath(): string {
  const [cmd, args] = onAllCores(chromePath, []);
  if (cmd === chromePath) return chromePath;
  const wrapper = path.join(root, ".bench", "chromium-on-all-cores.sh");
  mkdirSync(path.dirname(wrapper), { recursive: true });
  writeFileSync(wrapper, `#!/bin/sh\nexec ${[cmd, ...args].map((a) => `'${a}'`).join(" ")} "$@"\n`, { mode: 0o755 });
  return wrapper;
}

async function lighthouseMedian(url: string, preset: "mobile" | "desktop", count = 3): Promise<LighthouseResult> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const browser = lighthouseChromePath();
  const config = preset === "desktop" ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
  const all: LighthouseResult["runs"] = [];
  for (let i = 0; i < count; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: browser,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, config);
      const categories = result?.lhr.categories ?? {};
      const audits = result?.lhr.audits ?? {};
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => {
        const value = audits[id]?.numericValue;
        return value === undefined ? null : Math.round(value * (id === LIGHTHOUSE_METRICS.cls ? 1000 : 1)) / (id === LIGHTHOUSE_METRICS.cls ? 1000 : 1);
      };
      all.push({
        scores: { performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") },
        metrics: { fcp: metric(LIGHTHOUSE_METRICS.fcp), lcp: metric(LIGHTHOUSE_METRICS.lcp), tbt: metric(LIGHTHOUSE_METRICS.tbt), cls: metric(LIGHTHOUSE_METRICS.cls), si: metric(LIGHTHOUSE_METRICS.si) },
      });
    } finally {
      await chrome.kill();
    }
  }
  const scoreOf = (k: keyof LighthouseScores) => median(all.map((r) => r.scores[k]));
  const metricOf = (k: keyof LighthouseMetrics) => {
    const values = all.map((r) => r.metrics[k]).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  return {
    performance: scoreOf("performance"), accessibility: scoreOf("accessibility"), "best-practices": scoreOf("best-practices"), seo: scoreOf("seo"),
    metrics: { fcp: metricOf("fcp"), lcp: metricOf("lcp"), tbt: metricOf("tbt"), cls: metricOf("cls"), si: metricOf("si") },
    runs: all,
  };
}

function table(rows: LoadResult[]) {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "errors", "ratio", "ratio to Next floor", "meets target"];
  const lines = rows.map((r) => [
    r.name,
    String(r.rps),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    r.ratio === undefined ? "" : `${r.ratio.toFixed(2)} of ${r.baseline}`,
    r.floorRatio === undefined ? "" : `${r.floorRatio.toFixed(2)} of floor`,
    r.meets === undefined ? "" : r.meets ? "yes" : "NO",
  ]);
  // Without the Next floor (BENCH_ONLY=api), its column would stay empty.
  if (!rows.some((r) => r.floorRatio !== undefined)) for (const cells of [header, ...lines]) cells.splice(6, 1);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [fmt(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(fmt)].join("\n");
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (ms: number | null) => (ms === null ? "n/a" : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/** The profile the shop's server wrote when it stopped (its file name carries its pid). */
function findProfile(pid: number | undefined, since: number): string | undefined {
  if (!existsSync(profDir)) return undefined;
  const files = readdirSync(profDir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(profDir, f))
    .filter((f) => statSync(f).mtimeMs >= since && statSync(f).size > 0);
  return files.find((f) => pid !== undefined && path.basename(f).includes(`.${pid}.`)) ?? files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

type ProfileRow = { name: string; ms: number; share: number };
/** What profile-summary.mjs --json writes (times in ms, shares of the busy time), and a title. */
type ProfileSummary = {
  title: string; file: string; windows: [number, number][]; samples: number; wallMs: number; busyMs: number; idleMs: number; gcMs: number;
  byFunction: ProfileRow[]; byPackage: ProfileRow[]; byFile: ProfileRow[];
};

/** Prints the summary of a profile for the given measured windows; returns it as JSON. */
function summariseProfile(file: string, slug: string, title: string, windows: [number, number][]): ProfileSummary | undefined {
  const jsonOut = path.join(profDir, `${path.basename(file, ".cpuprofile")}.${slug}.json`);
  const args = [path.join(root, "scripts", "bench", "profile-summary.mjs"), file, "--root", root, "--title", title, "--json", jsonOut];
  if (windows.length) args.push("--window", windows.map(([a, b]) => `${a}-${b}`).join(","));
  const r = spawnSync(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0 || !existsSync(jsonOut)) return undefined;
  return { title, ...(JSON.parse(readFileSync(jsonOut, "utf8")) as Omit<ProfileSummary, "title">) };
}

type Server = { name: string; child: ChildProcess; timeoutMs: number };

/** Stops the servers in order: the shop first, and waits for it, so its last requests still have a database; the database last. */
async function stopAll(shop: Server | undefined, others: Server[], db: Server | undefined) {
  if (shop) await stopServer(shop.name, shop.child, shop.timeoutMs);
  await Promise.all(others.map((s) => stopServer(s.name, s.child, s.timeoutMs)));
  if (db) await stopServer(db.name, db.child, db.timeoutMs);
}

async function main() {
  ensureBuild();
  if (only.length < GROUPS.length) log(`BENCH_ONLY: running ${only.join(", ")}`);
  const needFloor = runs("pages") || runs("js");
  let shop: Server | undefined;
  let db: Server | undefined;
  const others: Server[] = [];
  try {
    log("starting a fresh embedded database and generating the data set…");
    const dbPort = await freePort();
    const [dbCmd, dbArgs] = onServerCore(process.execPath, [path.join(root, "scripts", "ferretdb.mjs"), "--port", String(dbPort), "--data", ".data/bench", "--fresh", "--quiet"]);
    db = { name: "the database", child: spawn(dbCmd, dbArgs, { cwd: root, stdio: ["ignore", "ignore", "inherit"] }), timeoutMs: 15_000 };
    const uri = `mongodb://127.0.0.1:${dbPort}/autoparts`;
    process.env.MONGODB_URI = uri;
    for (let i = 0; ; i++) {
      try {
        await connectDb();
        break;
      } catch (e) {
        if (i > 120) throw e;
        await sleep(500);
      }
    }
    const started = Date.now();
    const ids = await generateBenchData();
    log(`generated ${BENCH_SIZES.parts} parts, ${BENCH_SIZES.reviews} reviews, ${BENCH_SIZES.users} users, ${BENCH_SIZES.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await disconnectDb();

    const appPort = await freePort();
    const base = `http://127.0.0.1:${appPort}`;
    // node itself runs next start (which serves in-process), so node's own flags reach the server:
    // --cpu-prof is refused in NODE_OPTIONS. The profile is written when the process exits, which the
    // shop's graceful shutdown does with process.exit on SIGTERM (lib/server-lifecycle.ts).
    if (cpuProf) mkdirSync(profDir, { recursive: true });
    const nodeFlags = cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : [];
    const appStarted = Date.now();
    const [appCmd, appArgs] = onServerCore(process.execPath, [...nodeFlags, nextBin, "start", "-H", "127.0.0.1", "-p", String(appPort)]);
    const app = spawn(appCmd, appArgs, {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      // SITE_URL, the public address in canonical and og: URLs (never fetched), is fixed like a real
      // deployment's, rather than the random port's: the same HTML every run, so the Next floor's
      // build of it is reused.
      env: { ...process.env, NEXT_DIST_DIR: distDir, MONGODB_URI: uri, NEXTAUTH_URL: base, SITE_URL: BENCH_SITE_URL, NEXTAUTH_SECRET: "bench-only-secret-0123456789abcdef", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    shop = { name: "the shop's server", child: app, timeoutMs: stopTimeoutMs };
    await waitForHttp(`${base}/`, app);

    // The baselines are separate processes on the server core, like the shop: the load
    // generator (this process) keeps its own core for every target alike.
    const homeHtml = await (await fetch(`${base}/`)).text();
    const htmlFile = path.join(benchDir, "home.html");
    mkdirSync(benchDir, { recursive: true });
    writeFileSync(htmlFile, homeHtml);

    let floor: { base: string; reused: boolean; stamp: string } | undefined;
    if (needFloor) {
      const build = ensureFloorBuild(homeHtml);
      const floorPort = await freePort();
      const [cmd, args] = onServerCore(process.execPath, [nextBin, "start", "-H", "127.0.0.1", "-p", String(floorPort)]);
      const child = spawn(cmd, args, { cwd: floorDir, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" } });
      others.push({ name: "the Next floor", child, timeoutMs: 10_000 });
      floor = { base: `http://127.0.0.1:${floorPort}`, ...build };
      await waitForHttp(`${floor.base}/blank`, child);
      const served = await (await fetch(`${floor.base}/home`)).text();
      if (served !== homeHtml) throw new Error(`the Next floor's /home does not serve the saved home HTML (${served.length} bytes, not ${homeHtml.length})`);
    }
    const baselineScript = path.join(root, "scripts", "bench", "baselines.mjs");
    const startBaseline = async (kind: "static" | "driver", arg: string) => {
      const port = await freePort();
      const [cmd, args] = onServerCore(process.execPath, [baselineScript, kind, String(port), arg]);
      const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
      others.push({ name: `the ${kind} baseline`, child, timeoutMs: 10_000 });
      await waitForHttp(`http://127.0.0.1:${port}/`, child);
      return `http://127.0.0.1:${port}`;
    };
    const staticUrl = runs("pages") ? await startBaseline("static", htmlFile) : undefined;
    const driverUrl = runs("api") ? await startBaseline("driver", uri) : undefined;

    const cookie = runs("api") || runs("js") ? await signIn(base, BENCH_CUSTOMER.email, BENCH_CUSTOMER.password) : undefined;
    const results: LoadResult[] = [];
    const pageRows: LoadResult[] = [];
    const apiReadRows: LoadResult[] = [];
    let floorLoad: LoadResult | undefined;

    if (staticUrl && floor) {
      const staticBase = await load("baseline: static home HTML", `${staticUrl}/`);
      results.push(staticBase);
      await expectOk(`${floor.base}/home`);
      const f = await load("baseline: Next floor (same HTML, static route)", `${floor.base}/home`);
      floorLoad = { ...f, ratio: f.rps / staticBase.rps, baseline: "static" };
      results.push(floorLoad);
      for (const [name, p] of [["page /", "/"], ["page /parts", "/parts"], ["page /parts/{id}", `/parts/${ids.samplePartId}`]] as const) {
        await expectOk(`${base}${p}`);
        const r = await load(name, `${base}${p}`);
        pageRows.push(judge({ ...r, ratio: r.rps / staticBase.rps, baseline: "static", floorRatio: r.rps / floorLoad.rps }, "page"));
      }
    }
    if (driverUrl) {
      await expectOk(`${driverUrl}/carparts/${ids.samplePartId}`);
      const driverBase = await load("baseline: driver GET /carparts/{id}", `${driverUrl}/carparts/${ids.samplePartId}`);
      results.push(driverBase);
      for (const [name, p] of [["GET /carparts/{id}", `/carparts/${ids.samplePartId}`], ["GET /carparts?limit=20", "/carparts?limit=20"], ["GET /reviews?limit=20", "/reviews?limit=20"]] as const) {
        await expectOk(`${base}${p}`);
        const r = await load(name, `${base}${p}`);
        apiReadRows.push(judge({ ...r, ratio: r.rps / driverBase.rps, baseline: "driver" }, "api"));
      }
    }
    results.push(...pageRows, ...apiReadRows);

    let js: FirstLoadJs[] = [];
    let floorJs: FirstLoadJs | undefined;
    if (runs("js") && floor) {
      js = [await firstLoadJs(base, "/"), await firstLoadJs(base, `/parts/${ids.samplePartId}`), await firstLoadJs(base, `/purchase/${ids.samplePartId}`, cookie)];
      floorJs = await firstLoadJs(floor.base, "/blank");
    }
    const lighthouseResults: Record<string, LighthouseResult> = {};
    if (runs("lighthouse")) {
      log("running Lighthouse (median of 3, mobile and desktop)…");
      for (const [label, p] of [["/", "/"], ["/parts/{id}", `/parts/${ids.samplePartId}`]] as const) {
        for (const preset of ["mobile", "desktop"] as const) lighthouseResults[`${label} ${preset}`] = await lighthouseMedian(`${base}${p}`, preset);
      }
    }

    // Last: each order waits for its part's stock lock, so the server is still working through
    // orders queued by the load when autocannon stops (and the orders expire the cached pages).
    // The bench waits for those orders (after the warm-up too, so the measured run does not serve
    // them); the shop's graceful stop would not: the load's connections are closed, so Next sees
    // no request in flight, exits and closes the database connection under the queued orders.
    if (runs("api") && cookie) {
      const order = { _id: ids.orderPartId, name: BENCH_CUSTOMER.name, email: BENCH_CUSTOMER.email, quantity: "1", phone: "555-0100", address: "1 Bench Street", partsname: "bench", price: 1 };
      // A browser on the shop's pages sends the public origin (SITE_URL), as in production.
      const headers = { "content-type": "application/json", cookie, origin: new URL(BENCH_SITE_URL).origin };
      await expectOk(`${base}/orderd`, { method: "POST", headers, body: JSON.stringify(order) });
      results.push(await load("POST /orderd (signed in)", `${base}/orderd`, { method: "POST", headers, body: JSON.stringify(order), settle: () => waitForQueuedOrders(ids.orderPartId) }));
    }
    await disconnectDb();

    log("stopping the shop (waiting for its requests in flight), then the baselines, then the database…");
    await stopAll(shop, others, db);

    const endLoad = os.loadavg();
    console.log(`\nMachine: ${machineCores} cores, load average ${endLoad.map((n) => n.toFixed(2)).join(", ")} (1, 5, 15 min) at the end of the run`);
    if (results.length) console.log(`Load: ${connections} connections, ${warmup} s warm-up, ${duration} s measured, servers on core 0, load on core 1${canPin ? "" : " (not pinned: taskset or a second core missing)"}${only.length < GROUPS.length ? `; only ${GROUPS.filter(runs).join(", ")}` : ""}\n`);
    if (results.length) console.log(table(results));
    if (floorLoad && pageRows.length) {
      const floorOk = floorLoad.ratio! >= PAGE_RATIO_TARGET && floorLoad.p99 < 100;
      console.log(
        `\nPages: the Next floor serves ${floorLoad.ratio!.toFixed(2)} of the static baseline with p99 ${floorLoad.p99} ms (targets: ${PAGE_RATIO_TARGET}, p99 < 100 ms), so Next.js itself ${floorOk ? "can meet" : "MISSES"} the page target here; ` +
          `the shop's pages keep ${pageRows.map((r) => `${r.floorRatio!.toFixed(2)} (${r.name.replace(/^page /, "")})`).join(", ")} of the floor's req/s.`,
      );
    }
    if (js.length) {
      console.log("\nFirst-load JavaScript (gzip):");
      const floorBytes = floorJs?.gzipBytes ?? 0;
      for (const j of js) console.log(`  ${j.page.padEnd(34)} ${kib(j.gzipBytes).padStart(10)} in ${String(j.scripts).padStart(2)} scripts${floorJs ? `   (+${kib(j.gzipBytes - floorBytes)} over the Next floor)` : ""}`);
      if (floorJs) console.log(`  ${"Next floor: /blank (empty page)".padEnd(34)} ${kib(floorJs.gzipBytes).padStart(10)} in ${String(floorJs.scripts).padStart(2)} scripts`);
      const homeJs = js[0]!.gzipBytes / 1024;
      const floorNote = floorJs ? `; Next.js alone loads ${kib(floorBytes)} (${floorBytes / 1024 < JS_TARGET_KIB ? "under" : "OVER"} the target), the shop adds ${kib(js[0]!.gzipBytes - floorBytes)}` : "";
      console.log(`  target: / under ${JS_TARGET_KIB} KiB: ${homeJs < JS_TARGET_KIB ? "met" : "MISSED"}${floorNote}`);
    }
    if (Object.keys(lighthouseResults).length) {
      console.log("\nLighthouse (median of 3): performance / accessibility / best practices / SEO");
      for (const [k, s] of Object.entries(lighthouseResults)) {
        const perfTarget = k.endsWith("desktop") ? 95 : 90;
        const met = s.performance >= perfTarget && s.accessibility === 100 && s["best-practices"] === 100 && s.seo === 100;
        console.log(`  ${k.padEnd(22)} ${s.performance} / ${s.accessibility} / ${s["best-practices"]} / ${s.seo}   target ${perfTarget}/100/100/100: ${met ? "met" : "MISSED"}`);
        const m = s.metrics;
        console.log(`  ${"".padEnd(22)} FCP ${seconds(m.fcp)}, LCP ${seconds(m.lcp)}, TBT ${seconds(m.tbt)}, CLS ${m.cls ?? "n/a"}, SI ${seconds(m.si)} (medians; every run in the JSON)`);
      }
    }

    let cpuProfile: { file: string | null; summaries: ProfileSummary[] } | undefined;
    if (cpuProf) {
      const file = findProfile(app.pid, appStarted);
      cpuProfile = { file: file ? path.relative(root, file) : null, summaries: [] };
      if (!file) console.error("[bench] BENCH_CPU_PROF: the shop's server wrote no CPU profile to .bench/prof/");
      else {
        log(`CPU profile of the shop's server: ${path.relative(root, file)} (${kib(statSync(file).size)})`);
        const groups: [string, string, LoadResult[]][] = [["pages", "while serving the cached pages", pageRows], ["api-reads", "while serving the API reads", apiReadRows]];
        for (const [slug, title, rows] of groups.filter(([, , rows]) => rows.length)) {
          console.log("");
          const summary = summariseProfile(file, slug, `CPU profile ${title} (measured runs of ${rows.map((r) => r.name).join(", ")})`, rows.map((r) => r.windowUs));
          if (summary) cpuProfile.summaries.push(summary);
        }
        if (!pageRows.length && !apiReadRows.length) {
          const summary = summariseProfile(file, "whole-run", "CPU profile of the whole run", []);
          if (summary) cpuProfile.summaries.push(summary);
        }
      }
    }

    const report = {
      at: new Date().toISOString(),
      machine: { cpus: machineCores, node: process.version, loadAverage: endLoad },
      settings: { connections, duration, warmup, timeout: requestTimeout, pinned: canPin, only: GROUPS.filter(runs), cpuProfile: cpuProf, siteUrl: BENCH_SITE_URL },
      data: BENCH_SIZES,
      load: results,
      firstLoadJs: js,
      nextFloor: floor
        ? { next: nextVersion, dir: path.relative(root, floorDir), buildReused: floor.reused, stamp: floor.stamp, load: floorLoad ?? null, firstLoadJs: floorJs ?? null }
        : null,
      lighthouse: lighthouseResults,
      cpuProfile: cpuProfile ?? null,
    };
    const json = `${JSON.stringify(report, null, 2)}\n`;
    writeFileSync(path.join(benchDir, "latest.json"), json);
    writeFileSync(path.join(benchDir, `bench-${report.at.replace(/[:.]/g, "-")}.json`), json);
    log(`results written to .bench/latest.json`);
  } finally {
    await disconnectDb().catch(() => undefined);
    await stopAll(shop, others, db);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
