// npm run bench: the finished shop against bare baselines, on this machine.
//   BENCH_DURATION (s, default 15), BENCH_CONNECTIONS (default 50), BENCH_WARMUP (s, default 3),
//   BENCH_SKIP_LIGHTHOUSE=1, BENCH_REBUILD=1 (force a new production build of the shop),
//   BENCH_ONLY=pages,api,js,lighthouse,processes,checkout,scale,imports (comma-separated: run only these groups of
//     targets while iterating; the baselines a chosen group needs still run; default: all but scale,
//     checkout and imports, which take data sets of their own and are run only when named: see scale.ts;
//     imports: parts and fitment files through the import job, see imports.ts;
//     processes: one shop process against two behind nginx, see processes.ts; checkout: 3-line
//     checkouts at the large size and the cart and review pages, see checkout.ts),
//   BENCH_CPU_PROF=1 (the shop's server runs under node --cpu-prof and writes a V8 CPU profile to
//     .bench/prof/ when it stops; the bench then summarises the measured part of the page and API
//     read runs with scripts/performance/bench/profile-summary.mjs),
//   BENCH_STOP_TIMEOUT (s, default 30: how long the shop may take to finish its requests and stop,
//     before the database is stopped, before it is killed),
//   CHROMIUM_PATH (default /usr/bin/chromium).
// Baselines: a bare node:http server with a saved copy of the home page's HTML ("static"), one
// answering GET /carparts/{id} from the mongodb driver ("driver"), and the "Next floor": a minimal
// Next app built under .bench/floor-app/ with the repo's own next, serving the same HTML from a
// static route handler and an empty page whose first-load JS is the framework's own. The floor
// says how much of a gap to a target is Next.js itself and how much is the shop.
// Results: a table on stdout and JSON in .bench/ (git-ignored): latest.json and a timestamped copy.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { disconnectDb } from "@/lib/storage/connect";
import { nextBin } from "../../services/paths.mjs";
import { freePort, type ServerProcess } from "../../services/server-process.mjs";
import { signIn } from "../../services/sign-in.mjs";
import { BENCH_CUSTOMER, BENCH_SIZES, generateBenchData } from "./data";
import { runCheckout } from "./checkout";
import { runImports } from "./imports";
import { runProcesses } from "./processes";
import { runScale } from "./scale";
import {
  BENCH_SITE_URL, benchDir, canPin, connections, duration, ensureBuild, expectOk, load, log, machineCores, markdownTable, onAllCores, requestTimeout, root,
  startBenchServer, startDatabase, startShop, stopAll, waitForQueuedOrders, warmup, type LoadResult,
} from "./shared";

const JS_TARGET_KIB = 110;
const PAGE_RATIO_TARGET = 0.25;
const API_RATIO_TARGET = 0.5;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const cpuProf = Boolean(process.env.BENCH_CPU_PROF);
const profDir = path.join(benchDir, "prof");
const floorDir = path.join(benchDir, "floor-app");

/** The groups of targets BENCH_ONLY chooses from. */
const GROUPS = ["pages", "api", "js", "lighthouse", "processes", "checkout", "scale", "imports"] as const;
type Group = (typeof GROUPS)[number];
const only: Group[] = (() => {
  const asked = (process.env.BENCH_ONLY ?? "").split(",").map((g) => g.trim()).filter(Boolean);
  const unknown = asked.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknown.length) {
    console.error(`[bench] BENCH_ONLY: unknown group(s) ${unknown.join(", ")}; choose from ${GROUPS.join(", ")}`);
    process.exit(2);
  }
  // scale, checkout and imports each make a data set of their own: run only when named.
  return asked.length ? GROUPS.filter((g) => asked.includes(g)) : GROUPS.filter((g) => g !== "scale" && g !== "checkout" && g !== "imports");
})();
const runs = (group: Group) => only.includes(group) && !(group === "lighthouse" && process.env.BENCH_SKIP_LIGHTHOUSE);
/** The groups measured on the one bench data set, against the baselines. */
const runsBaselineGroups = only.some((g) => g !== "scale" && g !== "processes" && g !== "checkout" && g !== "imports");

// Servers on core 0, load (this process) on core 1, where the machine has two.
// (Once pinned, this process sees one core, so the decision travels in BENCH_PINNED.)
if (canPin && !process.env.BENCH_PINNED) {
  const self = spawnSync("taskset", ["-c", "1", process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_PINNED: "1", BENCH_MACHINE_CORES: String(machineCores) },
  });
  process.exit(self.status ?? 1);
}

const nextVersion = (JSON.parse(readFileSync(path.join(root, "node_modules", "next", "package.json"), "utf8")) as { version: string }).version;

/**
 * The Next floor: the least a Next.js app can be, built with the repo's own next. GET /home is a
 * static route handler answering the shop's saved home HTML, so `next start` serves those bytes
 * from its own prerender cache (the most Next can do for that page); /blank is an empty App
 * Router page, whose first-load JS is the framework's alone.
 */
function floorFiles(homeHtml: string): Record<string, string> {
  const generated = "// Generated by scripts/performance/bench/run.ts (npm run bench); rebuilt when the shop's home HTML or next's version changes.\n";
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



/** The issue's targets: pages against the static baseline, API reads against the driver baseline. */
function judge(r: LoadResult, kind: "page" | "api"): LoadResult {
  const ratioOk = (r.ratio ?? 0) >= (kind === "page" ? PAGE_RATIO_TARGET : API_RATIO_TARGET);
  return { ...r, meets: ratioOk && r.errors === 0 && (kind === "api" || r.p99 < 100) };
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
  return markdownTable(header, lines);
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
  const args = [path.join(root, "scripts", "performance", "bench", "profile-summary.mjs"), file, "--root", root, "--title", title, "--json", jsonOut];
  if (windows.length) args.push("--window", windows.map(([a, b]) => `${a}-${b}`).join(","));
  const r = spawnSync(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0 || !existsSync(jsonOut)) return undefined;
  return { title, ...(JSON.parse(readFileSync(jsonOut, "utf8")) as Omit<ProfileSummary, "title">) };
}


async function main() {
  // The imports group runs no shop.
  if (only.some((g) => g !== "imports")) ensureBuild();
  if (process.env.BENCH_ONLY) log(`BENCH_ONLY: running ${only.join(", ")}`);
  if (runsBaselineGroups) await runBaselineGroups();
  if (runs("processes")) await runProcesses();
  if (runs("checkout")) await runCheckout();
  if (runs("imports")) await runImports();
  if (runs("scale")) await runScale();
}

async function runBaselineGroups() {
  const needFloor = runs("pages") || runs("js");
  let shop: ServerProcess | undefined;
  let db: ServerProcess | undefined;
  const others: ServerProcess[] = [];
  try {
    log("starting a fresh embedded database and generating the data set…");
    const database = await startDatabase(".data/bench");
    db = database.server;
    const uri = database.uri;
    const started = Date.now();
    const ids = await generateBenchData();
    log(`generated ${BENCH_SIZES.parts} parts, ${BENCH_SIZES.reviews} reviews, ${BENCH_SIZES.users} users, ${BENCH_SIZES.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await disconnectDb();

    if (cpuProf) mkdirSync(profDir, { recursive: true });
    const appStarted = Date.now();
    // The profile is written when the process exits, which the shop's graceful shutdown does with
    // process.exit on SIGTERM (lib/server/server-lifecycle.ts).
    const shopStarted = await startShop(uri, cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []);
    shop = shopStarted.server;
    const base = shopStarted.base;

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
      floor = { base: `http://127.0.0.1:${floorPort}`, ...build };
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
      others.push(await startBenchServer("the Next floor", [nextBin, "start", "-H", "127.0.0.1", "-p", String(floorPort)], `${floor.base}/blank`, { cwd: floorDir, env }));
      const served = await (await fetch(`${floor.base}/home`)).text();
      if (served !== homeHtml) throw new Error(`the Next floor's /home does not serve the saved home HTML (${served.length} bytes, not ${homeHtml.length})`);
    }
    const baselineScript = path.join(root, "scripts", "performance", "bench", "baselines.mjs");
    const startBaseline = async (kind: "static" | "driver", arg: string) => {
      const port = await freePort();
      others.push(await startBenchServer(`the ${kind} baseline`, [baselineScript, kind, String(port), arg], `http://127.0.0.1:${port}/`));
      return `http://127.0.0.1:${port}`;
    };
    const staticUrl = runs("pages") ? await startBaseline("static", htmlFile) : undefined;
    const driverUrl = runs("api") ? await startBaseline("driver", uri) : undefined;

    const cookie = runs("api") || runs("js") ? await signIn(base, { email: BENCH_CUSTOMER.email, password: BENCH_CUSTOMER.password }) : undefined;
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
      results.push(await load("POST /orderd (signed in)", `${base}/orderd`, { method: "POST", headers, body: JSON.stringify(order), settle: () => waitForQueuedOrders([ids.orderPartId]) }));
    }
    await disconnectDb();

    log("stopping the shop (waiting for its requests in flight), then the baselines, then the database…");
    await stopAll(shop, others, db);

    const endLoad = os.loadavg();
    console.log(`\nMachine: ${machineCores} cores, load average ${endLoad.map((n) => n.toFixed(2)).join(", ")} (1, 5, 15 min) at the end of the run`);
    if (results.length) console.log(`Load: ${connections} connections, ${warmup} s warm-up, ${duration} s measured, servers on core 0, load on core 1${canPin ? "" : " (not pinned: taskset or a second core missing)"}${process.env.BENCH_ONLY ? `; only ${GROUPS.filter(runs).join(", ")}` : ""}\n`);
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
      const file = findProfile(shop.pid, appStarted);
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
    console.error(`[bench] ${error instanceof Error ? (process.env.BENCH_STACK ? error.stack : error.message) : String(error)}`);
    process.exit(1);
  },
);
