// npm run bench: the finished shop against bare baselines, on this machine.
//   BENCH_DURATION (s, default 15), BENCH_CONNECTIONS (default 50), BENCH_WARMUP (s, default 3),
//   BENCH_SKIP_LIGHTHOUSE=1, BENCH_REBUILD=1 (force a new production build).
// Results: a table on stdout and JSON in .bench/ (git-ignored).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { disconnectDb } from "@/lib/db";
import { freePort } from "../ferretdb.mjs";
import { startDriverBaseline, startStaticBaseline } from "./baselines.mjs";
import { BENCH_CUSTOMER, BENCH_SIZES, generateBenchData } from "./data";

const root = path.resolve(import.meta.dirname, "..", "..");
const distDir = ".next-bench";
const duration = Number(process.env.BENCH_DURATION ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Servers on core 0, load (this process) on core 1, where the machine has two.
// (Once pinned, this process sees one core, so the decision travels in BENCH_PINNED.)
const canPin = process.env.BENCH_PINNED === "1" || (os.availableParallelism() >= 2 && spawnSync("taskset", ["-V"]).status === 0);
if (canPin && !process.env.BENCH_PINNED) {
  const self = spawnSync("taskset", ["-c", "1", process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_PINNED: "1" },
  });
  process.exit(self.status ?? 1);
}
const onServerCore = (cmd: string, args: string[]): [string, string[]] => (canPin ? ["taskset", ["-c", "0", cmd, ...args]] : [cmd, args]);

function log(message: string) {
  console.log(`[bench] ${message}`);
}

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
  const r = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error("next build failed");
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
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
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

type LoadResult = { name: string; url: string; rps: number; p50: number; p99: number; errors: number; requests: number; ratio?: number; baseline?: string };

async function load(name: string, url: string, opts: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string } = {}): Promise<LoadResult> {
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, method: opts.method ?? "GET", headers: opts.headers, body: opts.body, timeout: 10 });
  if (warmup > 0) await run(warmup);
  const r = await run(duration);
  const errors = r.errors + r.timeouts + r.non2xx;
  const result = { name, url, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors, requests: r.requests.total };
  log(`${name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${errors}`);
  return result;
}

/** gzip bytes of the scripts a page's HTML loads. */
async function firstLoadJs(base: string, pathname: string, cookie?: string): Promise<{ page: string; scripts: number; gzipBytes: number }> {
  const html = await (await fetch(`${base}${pathname}`, { headers: cookie ? { cookie } : {} })).text();
  const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!))];
  let gzipBytes = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src.replace(/&amp;/g, "&"), base))).arrayBuffer());
    gzipBytes += gzipSync(body).length;
  }
  return { page: pathname, scripts: srcs.length, gzipBytes };
}

type LighthouseScores = { performance: number; accessibility: number; "best-practices": number; seo: number };

async function lighthouseMedian(url: string, preset: "mobile" | "desktop", runs = 3): Promise<LighthouseScores> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const config = preset === "desktop" ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
  const all: LighthouseScores[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, config);
      const categories = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      all.push({ performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") });
    } finally {
      await chrome.kill();
    }
  }
  const median = (k: keyof LighthouseScores) => all.map((s) => s[k]).sort((a, b) => a - b)[Math.floor(all.length / 2)]!;
  return { performance: median("performance"), accessibility: median("accessibility"), "best-practices": median("best-practices"), seo: median("seo") };
}

function table(rows: LoadResult[]) {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "errors", "ratio"];
  const lines = rows.map((r) => [r.name, String(r.rps), String(r.p50), String(r.p99), String(r.errors), r.ratio === undefined ? "" : `${r.ratio.toFixed(2)} of ${r.baseline}`]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [fmt(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...lines.map(fmt)].join("\n");
}

async function main() {
  ensureBuild();
  const children: ChildProcess[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  try {
    log("starting a fresh embedded database and generating the data set…");
    const dbPort = await freePort();
    const [dbCmd, dbArgs] = onServerCore(process.execPath, [path.join(root, "scripts", "ferretdb.mjs"), "--port", String(dbPort), "--data", ".data/bench", "--fresh", "--quiet"]);
    const db = spawn(dbCmd, dbArgs, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    children.push(db);
    const uri = `mongodb://127.0.0.1:${dbPort}/autoparts`;
    process.env.MONGODB_URI = uri;
    for (let i = 0; ; i++) {
      try {
        const { connectDb } = await import("@/lib/db");
        await connectDb();
        break;
      } catch (e) {
        if (i > 120) throw e;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const started = Date.now();
    const ids = await generateBenchData();
    log(`generated ${BENCH_SIZES.parts} parts, ${BENCH_SIZES.reviews} reviews, ${BENCH_SIZES.users} users, ${BENCH_SIZES.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await disconnectDb();

    const appPort = await freePort();
    const base = `http://127.0.0.1:${appPort}`;
    const [appCmd, appArgs] = onServerCore(path.join(root, "node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(appPort)]);
    const app = spawn(appCmd, appArgs, {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NEXT_DIST_DIR: distDir, MONGODB_URI: uri, NEXTAUTH_URL: base, NEXTAUTH_SECRET: "bench-only-secret-0123456789abcdef", NODE_ENV: "production" },
    });
    children.push(app);
    await waitForHttp(`${base}/`, app);

    const homeHtml = await (await fetch(`${base}/`)).text();
    const staticPort = await freePort();
    const driverPort = await freePort();
    // The baselines run in this process's children too, on the server core.
    const staticServer = await startStaticBaseline(homeHtml, staticPort);
    const driverServer = await startDriverBaseline(uri, driverPort);
    closers.push(() => new Promise((r) => staticServer.close(r)), () => new Promise((r) => driverServer.close(r)));

    const cookie = await signIn(base, BENCH_CUSTOMER.email, BENCH_CUSTOMER.password);
    const results: LoadResult[] = [];
    const staticBase = await load("baseline: static home HTML", `http://127.0.0.1:${staticPort}/`);
    const driverBase = await load("baseline: driver GET /carparts/{id}", `http://127.0.0.1:${driverPort}/carparts/${ids.samplePartId}`);
    results.push(staticBase, driverBase);
    for (const [name, p] of [["page /", "/"], ["page /parts", "/parts"], ["page /parts/{id}", `/parts/${ids.samplePartId}`]] as const) {
      const r = await load(name, `${base}${p}`);
      results.push({ ...r, ratio: r.rps / staticBase.rps, baseline: "static" });
    }
    for (const [name, p] of [["GET /carparts/{id}", `/carparts/${ids.samplePartId}`], ["GET /carparts?limit=20", "/carparts?limit=20"], ["GET /reviews?limit=20", "/reviews?limit=20"]] as const) {
      const r = await load(name, `${base}${p}`);
      results.push({ ...r, ratio: r.rps / driverBase.rps, baseline: "driver" });
    }
    const order = { _id: ids.orderPartId, name: BENCH_CUSTOMER.name, email: BENCH_CUSTOMER.email, quantity: "1", phone: "555-0100", address: "1 Bench Street", partsname: "bench", price: 1 };
    results.push(
      await load("POST /orderd (signed in)", `${base}/orderd`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: base },
        body: JSON.stringify(order),
      }),
    );

    const js = [await firstLoadJs(base, "/"), await firstLoadJs(base, `/parts/${ids.samplePartId}`), await firstLoadJs(base, `/purchase/${ids.samplePartId}`, cookie)];
    let lighthouseResults: Record<string, LighthouseScores> = {};
    if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
      log("running Lighthouse (median of 3, mobile and desktop)…");
      for (const [label, p] of [["/", "/"], ["/parts/{id}", `/parts/${ids.samplePartId}`]] as const) {
        for (const preset of ["mobile", "desktop"] as const) lighthouseResults[`${label} ${preset}`] = await lighthouseMedian(`${base}${p}`, preset);
      }
    }

    console.log(`\nLoad: ${connections} connections, ${warmup} s warm-up, ${duration} s measured, servers on core 0, load on core 1${canPin ? "" : " (not pinned: taskset or a second core missing)"}\n`);
    console.log(table(results));
    console.log("\nFirst-load JavaScript (gzip):");
    for (const j of js) console.log(`  ${j.page.padEnd(34)} ${(j.gzipBytes / 1024).toFixed(1)} KiB in ${j.scripts} scripts`);
    if (Object.keys(lighthouseResults).length) {
      console.log("\nLighthouse (median of 3): performance / accessibility / best practices / SEO");
      for (const [k, s] of Object.entries(lighthouseResults)) console.log(`  ${k.padEnd(22)} ${s.performance} / ${s.accessibility} / ${s["best-practices"]} / ${s.seo}`);
    } else lighthouseResults = {};

    const out = path.join(root, ".bench");
    mkdirSync(out, { recursive: true });
    const report = { at: new Date().toISOString(), machine: { cpus: os.availableParallelism(), node: process.version }, settings: { connections, duration, warmup, pinned: canPin }, data: BENCH_SIZES, load: results, firstLoadJs: js, lighthouse: lighthouseResults };
    const json = `${JSON.stringify(report, null, 2)}\n`;
    writeFileSync(path.join(out, "latest.json"), json);
    writeFileSync(path.join(out, `bench-${report.at.replace(/[:.]/g, "-")}.json`), json);
    log(`results written to .bench/latest.json`);
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    for (const child of children.reverse()) child.kill("SIGTERM");
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
