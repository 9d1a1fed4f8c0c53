// BENCH_ONLY=scale npm run bench: how the shop's reads and orders hold up as the data grows. Two
// data sets (data.ts: small = the bench's usual one, large = LARGE_BENCH_SIZES), each on a fresh
// database and a fresh shop; every latency row is timed one request at a time, each request missing
// Next's caches (a fresh search term, or an admin's POST /api/cache/expire just before the timed
// request of a cached page or read); then POST /orderd at 50 connections.
//   BENCH_SCALE_REPS (timed requests per row and size, default 30),
//   BENCH_SCALE_ROW_SECONDS (a row stops early after this long, default 60),
//   BENCH_SCALE_ORDER_SECONDS (each POST /orderd run, default 10),
//   BENCH_SCALE_ORDERS_ONLY=1 (only the POST /orderd rows, on the small set: to tune the orders),
//   BENCH_SCALE_KEEP=1 (measure again on the data sets an earlier bench left in .data/bench-scale-*, when
//   they are whole, instead of generating them: the rows in minutes, to try a change).
// Results: a table on stdout and JSON in .bench/: scale-latest.json and a timestamped copy.
import { CATEGORY_SLUGS } from "@/lib/vocabulary/categories";
import { existsSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { disconnectDb } from "@/lib/storage/connect";
import { BENCH_ADMIN_EMAIL, BENCH_CUSTOMER, BENCH_SIZES, LARGE_BENCH_SIZES, benchMpn, existingBenchData, generateBenchData, type BenchData, type BenchSizes } from "./data";
import { benchVehiclePath } from "./fitment-data";
import { measureOrders, type OrderRun } from "./scale-orders";
import type { ServerProcess } from "../../services/server-process.mjs";
import { signIn } from "../../services/sign-in.mjs";
import { BENCH_SITE_URL, benchDir, loadAverage, log, markdownTable, startDatabase, startShop, stopAll } from "./shared";

const reps = Number(process.env.BENCH_SCALE_REPS ?? 30);
const rowSeconds = Number(process.env.BENCH_SCALE_ROW_SECONDS ?? 60);
const ordersOnly = process.env.BENCH_SCALE_ORDERS_ONLY === "1";
/** "small": the small data set alone, to try rows without the large set's dozen minutes. */
const smallOnly = process.env.BENCH_SCALE_SIZES === "small";
const keepData = process.env.BENCH_SCALE_KEEP === "1";
const LATENCY_TARGET_MS = 150;
const GROWTH_TARGET = 2;
/** A row stops between requests, so this bounds how far one request can take it past its time. */
const REQUEST_TIMEOUT_MS = 120_000;

type Size = "small" | "large";
type Sessions = { customer: string; admin: string };
/** One latency row: the page or read, who asks, and whether a cache must be expired first. */
type Row = { name: string; path: (i: number) => string; as?: keyof Sessions; afterWrite?: boolean };
/** cacheHits: timed pages Next served from its cache (x-nextjs-cache: HIT); a row that misses the cache has none. */
/** serverP50: the median of the Server-Timing header's dur, for replies that send one. */
type Latency = { samples: number; p50: number; p99: number; errors: number; cacheHits: number; serverP50?: number };
type SizeResult = { generatedSeconds: number; latency: Record<string, Latency>; orders: OrderRun[]; loadAverage: { before: number[]; after: number[] } };

/** Words of the bench's part names (its templates'), each searched beside "for", which every name holds. */
const COMMON_WORD_SEARCHES = ["brake", "filter", "pump", "kit", "battery", "disc", "plug", "tyre", "radiator", "clutch"];
/** Searches a customer mistypes, each a word of the bench's names one or two edits away. */
const TYPO_SEARCHES = ["brkae disc", "oil filtre", "iridum plug", "batery", "alternatr", "radaitor", "cluth kit", "shock absorbr", "wter pump", "headlihgt"];
/** The first letters of the bench's brands and of words of its part names (bench/data.ts), for the suggestions row. */
const SUGGEST_BRANDS = ["bos", "brem", "den", "mah", "val", "ngk", "gat", "sach", "hel", "feb", "monr", "conti"];
const SUGGEST_WORDS = ["bra", "fil", "spa", "oil", "pad", "disc", "batt", "alt", "head", "sho", "tim", "wip"];

function rowsFor(data: BenchData, sizes: BenchSizes): Row[] {
  const lastPage = (count: number) => Math.ceil(count / 20);
  // A different part each time: its page was never rendered in this run either.
  const partAt = (i: number) => data.partIds[(i * 7919) % data.partIds.length]!;
  return [
    // "#<n>" matches the parts numbered n, n0…n9, n00…: a term no earlier request used.
    { name: "search /parts?q= (fresh term)", path: (i) => `/parts?q=${encodeURIComponent(`#${1 + ((i * 7919) % sizes.parts)}`)}` },
    // An MPN typed lower-case with spaces for its dashes, of a different part each time.
    { name: "part-number search /parts?q= (an MPN)", path: (i) => `/parts?q=${encodeURIComponent(benchMpn((i * 7919) % sizes.parts).toLowerCase().replaceAll("-", " "))}` },
    // "for" is in every part's name: its list is read up to its cap, the rarer word whole.
    { name: "search /parts?q= (a word in every name)", path: (i) => `/parts?q=${encodeURIComponent(`${COMMON_WORD_SEARCHES[i % COMMON_WORD_SEARCHES.length]} for`)}` },
    // A typo in each search: its words one edit away come from the typo index.
    { name: "search /parts?q= (a typo)", path: (i) => `/parts?q=${encodeURIComponent(TYPO_SEARCHES[i % TYPO_SEARCHES.length]!)}` },
    // What the header's search box asks while typing: a brand's and a part word's first letters, as a customer types them.
    { name: "suggestions GET /search/suggestions?q=", path: (i) => `/search/suggestions?q=${encodeURIComponent(`${SUGGEST_BRANDS[i % SUGGEST_BRANDS.length]} ${SUGGEST_WORDS[(i * 7) % SUGGEST_WORDS.length]}`)}` },
    { name: "catalogue /parts after a write", path: () => "/parts", afterWrite: true },
    // The catalogue of one vehicle: a different model year each time (fitment rows ~5.5x the parts).
    { name: "vehicle page /vehicles/y/make/model", path: (i) => benchVehiclePath(i) },
    // The catalogue filtered by a vehicle with its facets counted, as a shopper with a car chosen sees it.
    { name: "vehicle-filtered catalogue /parts?vehicle=", path: (i) => `/parts?vehicle=${benchVehiclePath(i).slice("/vehicles/".length)}&sort=price-asc` },
    // One category's parts in stock (one facet value alone: a window of its list, its counts kept on write), a different category each time.
    { name: "facets /parts?category=&stock=in", path: (i) => `/parts?category=${CATEGORY_SLUGS[i % CATEGORY_SLUGS.length]}&stock=in` },
    // The biggest price range (about a third of the catalogue) by name, a different page each time.
    { name: "facets /parts?price=100-250&sort=name", path: (i) => `/parts?price=100-250&sort=name&page=${1 + ((i * 37) % 40)}` },
    // In stock only over the whole catalogue: a page of the price list skipping the parts sold out.
    { name: "facets /parts?stock=in&sort=price-desc", path: (i) => `/parts?stock=in&sort=price-desc&page=${1 + (i % 50)}` },
    { name: "part page after a write", path: (i) => `/parts/${partAt(i)}`, afterWrite: true },
    { name: "My Orders", path: () => "/dashboard/my-orders", as: "customer" },
    { name: "Manage All Orders (all)", path: () => "/dashboard/manage-orders", as: "admin" },
    { name: "Manage All Orders (shipped)", path: () => "/dashboard/manage-orders?status=shipped", as: "admin" },
    { name: "Manage Product", path: () => "/dashboard/manage-product", as: "admin" },
    { name: "GET /orders", path: () => "/orders", as: "admin" },
    { name: "GET /orders/{email}", path: () => `/orders/${encodeURIComponent(BENCH_CUSTOMER.email)}`, as: "customer" },
    { name: "GET /carparts last page", path: () => `/carparts?page=${lastPage(sizes.parts)}`, afterWrite: true },
    { name: "GET /reviews last page", path: () => `/reviews?page=${lastPage(sizes.reviews)}`, afterWrite: true },
  ];
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : NaN;
}

/** Times one request, to the last byte of its body; a non-2xx answer, or none within REQUEST_TIMEOUT_MS, is an error. */
async function timed(url: string, cookie: string | undefined): Promise<{ ms: number; ok: boolean; hit: boolean; serverMs?: number }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await res.arrayBuffer();
    const serverMs = /dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1];
    return { ms: performance.now() - started, ok: res.ok, hit: res.headers.get("x-nextjs-cache") === "HIT", ...(serverMs ? { serverMs: Number(serverMs) } : {}) };
  } catch {
    return { ms: performance.now() - started, ok: false, hit: false };
  }
}

async function expireCache(base: string, adminCookie: string): Promise<void> {
  const res = await fetch(`${base}/api/cache/expire`, { method: "POST", headers: { cookie: adminCookie, origin: new URL(BENCH_SITE_URL).origin } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`POST /api/cache/expire answered ${res.status}`);
}

async function measureRow(base: string, row: Row, sessions: Sessions, size: Size): Promise<Latency> {
  const cookie = row.as ? sessions[row.as] : undefined;
  // One untimed request first: the route's code is loaded and compiled once per server, not per data size.
  if (row.afterWrite) await expireCache(base, sessions.admin);
  await timed(`${base}${row.path(reps)}`, cookie);
  const samples: number[] = [];
  const serverSamples: number[] = [];
  let errors = 0;
  let cacheHits = 0;
  const deadline = Date.now() + rowSeconds * 1000;
  for (let i = 0; i < reps && Date.now() < deadline; i++) {
    if (row.afterWrite) await expireCache(base, sessions.admin);
    const { ms, ok, hit, serverMs } = await timed(`${base}${row.path(i)}`, cookie);
    samples.push(ms);
    if (serverMs !== undefined) serverSamples.push(serverMs);
    if (!ok) errors++;
    if (hit) cacheHits++;
  }
  samples.sort((a, b) => a - b);
  serverSamples.sort((a, b) => a - b);
  const result: Latency = { samples: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99), errors, cacheHits, ...(serverSamples.length ? { serverP50: percentile(serverSamples, 50) } : {}) };
  const problems = [errors ? `${errors} error(s)` : "", cacheHits ? `${cacheHits} served from the cache` : ""].filter(Boolean);
  log(`${size}: ${row.name}: p50 ${result.p50} ms, p99 ${result.p99} ms${result.serverP50 === undefined ? "" : ` (server p50 ${result.serverP50} ms)`} over ${result.samples} request(s)${problems.length ? `, ${problems.join(", ")}` : ""}`);
  return result;
}

/** The data set a run left in `dataDir`, started, when it is whole; else null, its database stopped. */
async function keptData(dataDir: string, sizes: BenchSizes): Promise<{ database: Awaited<ReturnType<typeof startDatabase>>; data: BenchData } | null> {
  const database = await startDatabase(dataDir, { fresh: false });
  const data = await existingBenchData(sizes);
  if (data) return { database, data };
  log(`${dataDir} holds another data set: generating a fresh one`);
  await disconnectDb();
  await stopAll(undefined, [], database.server);
  return null;
}

async function measureSize(size: Size, sizes: BenchSizes): Promise<{ rows: Row[]; result: SizeResult }> {
  let db: ServerProcess | undefined;
  let shop: ServerProcess | undefined;
  try {
    const dataDir = `.data/bench-scale-${size}`;
    const kept = keepData && existsSync(dataDir) ? await keptData(dataDir, sizes) : null;
    if (kept) log(`${size}: the data set an earlier bench left in ${dataDir}`);
    else log(`${size}: a fresh database, then ${sizes.parts} parts, ${sizes.orders} orders, ${sizes.users} users, ${sizes.reviews} reviews…`);
    const database = kept?.database ?? (await startDatabase(dataDir));
    db = database.server;
    const started = Date.now();
    const data = kept?.data ?? (await generateBenchData(sizes));
    const generatedSeconds = kept ? 0 : (Date.now() - started) / 1000;
    if (!kept) log(`${size}: generated in ${generatedSeconds.toFixed(1)} s`);
    await disconnectDb();
    const shopStarted = await startShop(database.uri);
    shop = shopStarted.server;
    const base = shopStarted.base;
    const sessions: Sessions = {
      customer: await signIn(base, { email: BENCH_CUSTOMER.email, password: BENCH_CUSTOMER.password }),
      admin: await signIn(base, { email: BENCH_ADMIN_EMAIL, password: BENCH_CUSTOMER.password }),
    };
    // Inserted straight into the database: nothing the shop may have cached at start-up is true.
    await expireCache(base, sessions.admin);
    const before = loadAverage();
    const rows = ordersOnly ? [] : rowsFor(data, sizes);
    const latency: Record<string, Latency> = {};
    for (const [n, row] of rows.entries()) {
      log(`${size}: row ${n + 1}/${rows.length}: ${row.name}`);
      latency[row.name] = await measureRow(base, row, sessions, size);
    }
    const orders = await measureOrders(base, sessions.customer, data);
    return { rows, result: { generatedSeconds, latency, orders, loadAverage: { before, after: loadAverage() } } };
  } finally {
    await disconnectDb().catch(() => undefined);
    await stopAll(shop, [], db);
  }
}

/** The server's own time (Server-Timing), for the rows whose replies send it. */
const serverCell = (latency: Latency) => (latency.serverP50 === undefined ? "" : `, server ${latency.serverP50}`);
const orderCell = (o: OrderRun) => `${o.ordersPerSecond}/s, ${o.errors} err, ${o.oversold ? "OVERSOLD" : o.unbalancedParts ? `${o.unbalancedParts} parts short` : "stock ok"}`;

export async function runScale(): Promise<void> {
  const small = await measureSize("small", BENCH_SIZES);
  if (ordersOnly) {
    console.log(`\n${markdownTable(["row", "small", "target"], small.result.orders.map((o) => [o.name, orderCell(o), o.met ? "met" : "NOT met"]))}`);
    return;
  }
  if (smallOnly) {
    const rows = small.rows.map((row) => [row.name, `${small.result.latency[row.name]!.p50} / ${small.result.latency[row.name]!.p99} ms${serverCell(small.result.latency[row.name]!)}`]);
    console.log(`\n${markdownTable(["row", "small p50/p99"], [...rows, ...small.result.orders.map((o) => [o.name, orderCell(o)])])}`);
    return;
  }
  const large = await measureSize("large", LARGE_BENCH_SIZES);
  const lines: string[][] = [];
  const verdicts: Record<string, boolean> = {};
  for (const row of small.rows) {
    const s = small.result.latency[row.name]!;
    const l = large.result.latency[row.name]!;
    const met = l.errors === 0 && l.cacheHits === 0 && l.p50 <= LATENCY_TARGET_MS && l.p50 <= GROWTH_TARGET * s.p50;
    verdicts[row.name] = met;
    lines.push([row.name, `${s.p50} / ${s.p99} ms${serverCell(s)}`, `${l.p50} / ${l.p99} ms${serverCell(l)}`, (l.p50 / s.p50).toFixed(2), met ? "met" : "NOT met"]);
  }
  for (const [i, l] of large.result.orders.entries()) {
    const s = small.result.orders[i]!;
    verdicts[l.name] = l.met;
    lines.push([l.name, orderCell(s), orderCell(l), (l.ordersPerSecond / s.ordersPerSecond).toFixed(2), l.met ? "met" : "NOT met"]);
  }
  const endLoad = os.loadavg();
  console.log(`\nScale: ${reps} sequential requests per row and size (at most ${rowSeconds} s a row); data generated in ${small.result.generatedSeconds.toFixed(1)} s (small) and ${large.result.generatedSeconds.toFixed(1)} s (large)`);
  console.log(`Targets: large p50 <= ${LATENCY_TARGET_MS} ms and <= ${GROWTH_TARGET}x small; POST /orderd (large) >= 200 orders/s spread, >= 50/s on one part, 0 errors, no oversell`);
  console.log(`Load average ${endLoad.map((n) => n.toFixed(2)).join(", ")} (1, 5, 15 min) at the end\n`);
  console.log(markdownTable(["row", "small p50/p99", "large p50/p99", "large/small (p50)", "target"], lines));
  const report = {
    at: new Date().toISOString(),
    machine: { cpus: os.availableParallelism(), node: process.version, loadAverage: endLoad },
    settings: { reps, rowSeconds, latencyTargetMs: LATENCY_TARGET_MS, growthTarget: GROWTH_TARGET },
    sizes: { small: BENCH_SIZES, large: LARGE_BENCH_SIZES },
    small: small.result,
    large: large.result,
    met: verdicts,
  };
  mkdirSync(benchDir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(path.join(benchDir, "scale-latest.json"), json);
  writeFileSync(path.join(benchDir, `scale-${report.at.replace(/[:.]/g, "-")}.json`), json);
  log("scale results written to .bench/scale-latest.json");
}
