// BENCH_ONLY=checkout npm run bench: 3-line checkouts through the REST API (POST /cart/items three
// times, POST /checkout/quote, POST /checkout/orders) at BENCH_CONNECTIONS (50) customers at once,
// each signed in to an account of its own, over the data set's ORDERED_PARTS (200) parts; then each
// part's stock plus the units of the run's orders must be its stock before. Before the load, the cart
// page and the checkout review page of a customer with a 3-line cart, timed one request at a time.
//   BENCH_CHECKOUT_SIZE (large, the default, or small: the data set; small to try the group quickly),
//   BENCH_WARMUP and BENCH_DURATION (s) as the other groups; BENCH_SCALE_REPS timed page requests.
// Results: a table on stdout and JSON in .bench/: checkout-latest.json and a timestamped copy.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { connectDb, disconnectDb, trusted } from "@/lib/storage/connect";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { checkout, distinctParts, unitsOrderedSince, type CheckoutStep, type Reply } from "../load/checkout.mjs";
import type { ServerProcess } from "../../services/server-process.mjs";
import { signIn } from "../../services/sign-in.mjs";
import { BENCH_CUSTOMER, BENCH_SIZES, LARGE_BENCH_SIZES, generateBenchData } from "./data";
import { BENCH_SITE_URL, benchDir, connections, duration, loadAverage, log, markdownTable, sleep, startDatabase, startShop, stopAll, warmup } from "./shared";

const LINES = 3;
const ORDERS_TARGET = 100;
const PAGE_P50_TARGET_MS = 50;
const pageReps = Number(process.env.BENCH_SCALE_REPS ?? 30);
const sizeName = process.env.BENCH_CHECKOUT_SIZE === "small" ? "small" : "large";
const BALANCE_WAIT_MS = 30_000;

type Latency = { n: number; p50: number; p99: number };
type StepTimes = Record<CheckoutStep, number[]>;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : NaN;
}
const latencyOf = (values: number[]): Latency => ({ n: values.length, p50: percentile(values, 50), p99: percentile(values, 99) });

/** The customers: accounts of the data set (customer1 is the admin), one per connection, each signed in. */
async function customers(base: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) cookies.push(await signIn(base, { email: `customer${i + 2}@example.com`, password: BENCH_CUSTOMER.password }));
  return cookies;
}

/** Times a page one request at a time (after one untimed request); a reply that is not 200 fails the group. */
async function timePage(base: string, pathname: string, cookie: string): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i <= pageReps; i++) {
    const started = performance.now();
    const reply = await fetch(`${base}${pathname}`, { headers: { cookie }, redirect: "manual" });
    await reply.arrayBuffer();
    if (reply.status !== 200) throw new Error(`GET ${pathname} answered ${reply.status}; not benchmarking an error`);
    if (i > 0) samples.push(performance.now() - started);
  }
  const latency = latencyOf(samples);
  log(`checkout: page ${pathname}: p50 ${latency.p50} ms, p99 ${latency.p99} ms over ${latency.n} requests`);
  return latency;
}

type LoadRun = { placed: number; failures: Map<string, number>; steps: StepTimes; networkErrors: number };

/** `cookies.length` customers checking out in a loop until `until`; only checkouts started after `from` are counted. */
async function checkoutLoad(base: string, cookies: string[], partIds: string[], from: number, until: number): Promise<LoadRun> {
  const run: LoadRun = { placed: 0, failures: new Map(), steps: { cart: [], quote: [], place: [] }, networkErrors: 0 };
  const origin = new URL(BENCH_SITE_URL).origin;
  const customer = async (cookie: string) => {
    while (Date.now() < until) {
      const counted = Date.now() >= from;
      const send = async (step: CheckoutStep, pathname: string, init: RequestInit): Promise<Reply> => {
        const started = performance.now();
        try {
          const reply = await fetch(`${base}${pathname}`, init);
          const body = await reply.text();
          if (counted) run.steps[step].push(performance.now() - started);
          return { status: reply.status, body };
        } catch (error) {
          if (counted) run.networkErrors += 1;
          return { status: 0, body: String(error) };
        }
      };
      const outcome = await checkout(send, { cookie, origin }, distinctParts(partIds, LINES));
      if (!counted) continue;
      if ("order" in outcome) run.placed += 1;
      else {
        const key = `${outcome.failedAt} ${outcome.status}: ${outcome.message}`;
        run.failures.set(key, (run.failures.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(cookies.map(customer));
  return run;
}

async function stockOf(partIds: string[]): Promise<Map<string, number>> {
  await connectDb();
  const parts = await Part.find({ _id: trusted({ $in: partIds }) }).select("quantity").lean();
  return new Map(parts.map((part) => [part._id.toString(), part.quantity]));
}

/** Parts whose stock now plus the units ordered since `since` is not their stock before (waiting for orders still being placed). */
async function unbalancedParts(partIds: string[], before: Map<string, number>, since: Date): Promise<string[]> {
  const deadline = Date.now() + BALANCE_WAIT_MS;
  for (;;) {
    const after = await stockOf(partIds);
    const units = await unitsOrderedSince(Order.collection, since);
    const off = partIds.filter((id) => after.get(id)! < 0 || after.get(id)! + (units.get(id) ?? 0) !== before.get(id));
    if (off.length === 0 || Date.now() > deadline) return off;
    await sleep(1000);
  }
}

export async function runCheckout(): Promise<void> {
  const sizes = sizeName === "small" ? BENCH_SIZES : LARGE_BENCH_SIZES;
  let db: ServerProcess | undefined;
  let shop: ServerProcess | undefined;
  try {
    log(`checkout: a fresh database, then the ${sizeName} data set (${sizes.parts} parts, ${sizes.orders} orders, ${sizes.users} users)…`);
    const database = await startDatabase(`.data/bench-checkout-${sizeName}`);
    db = database.server;
    const data = await generateBenchData(sizes);
    await disconnectDb();
    const started = await startShop(database.uri);
    shop = started.server;
    const base = started.base;
    const partIds = data.orderedPartIds;
    log(`checkout: signing in ${connections} customers…`);
    const cookies = await customers(base, connections);

    // The pages of a customer with a 3-line cart, before the load.
    const [reviewer] = cookies as [string];
    const origin = new URL(BENCH_SITE_URL).origin;
    for (const partId of distinctParts(partIds, LINES)) {
      const added = await fetch(`${base}/cart/items`, { method: "POST", headers: { "content-type": "application/json", cookie: reviewer, origin }, body: JSON.stringify({ partId, quantity: 1 }) });
      if (added.status !== 201) throw new Error(`POST /cart/items answered ${added.status}: ${(await added.text()).slice(0, 200)}`);
    }
    const pages = { "/cart": await timePage(base, "/cart", reviewer), "/checkout": await timePage(base, "/checkout", reviewer) };
    await fetch(`${base}/cart/items`, { method: "DELETE", headers: { cookie: reviewer, origin } });

    const before = await stockOf(partIds);
    const since = new Date(Date.now() - 1000);
    const loadBefore = loadAverage();
    const from = Date.now() + warmup * 1000;
    log(`checkout: ${connections} customers, ${LINES}-line checkouts over ${partIds.length} parts, ${warmup} s warm-up then ${duration} s measured…`);
    const run = await checkoutLoad(base, cookies, partIds, from, from + duration * 1000);
    const elapsed = (Date.now() - from) / 1000;
    const loadAfter = loadAverage();
    const off = await unbalancedParts(partIds, before, since);
    const failures = [...run.failures.values()].reduce((sum, n) => sum + n, 0) + run.networkErrors;
    const ordersPerSecond = Math.round(run.placed / elapsed);
    const steps = { cart: latencyOf(run.steps.cart), quote: latencyOf(run.steps.quote), place: latencyOf(run.steps.place) };
    const met = {
      orders: ordersPerSecond >= ORDERS_TARGET && failures === 0 && off.length === 0,
      "/cart": pages["/cart"].p50 <= PAGE_P50_TARGET_MS,
      "/checkout": pages["/checkout"].p50 <= PAGE_P50_TARGET_MS,
    };
    for (const [failure, count] of run.failures) log(`checkout: ${count} x ${failure}`);
    if (off.length) log(`checkout: STOCK NOT CONSERVED on ${off.length} part(s)`);

    console.log(`\nCheckout (${sizeName} data set): ${connections} customers, ${LINES} lines each over ${partIds.length} parts, ${duration} s after ${warmup} s warm-up; load average ${loadAfter.join(", ")}`);
    console.log(
      markdownTable(
        ["row", "figure", "target"],
        [
          [`${LINES}-line checkouts`, `${ordersPerSecond} orders/s, ${ordersPerSecond * LINES} lines/s, ${failures} error(s), ${off.length ? `stock off on ${off.length} part(s)` : "stock conserved"}`, `${ORDERS_TARGET}/s, 0 errors, stock conserved: ${met.orders ? "met" : "NOT met"}`],
          ["  POST /cart/items", `p50 ${steps.cart.p50} ms, p99 ${steps.cart.p99} ms`, ""],
          ["  POST /checkout/quote", `p50 ${steps.quote.p50} ms, p99 ${steps.quote.p99} ms`, ""],
          ["  POST /checkout/orders", `p50 ${steps.place.p50} ms, p99 ${steps.place.p99} ms`, ""],
          ["cart page /cart (3 lines)", `p50 ${pages["/cart"].p50} ms, p99 ${pages["/cart"].p99} ms`, `p50 <= ${PAGE_P50_TARGET_MS} ms: ${met["/cart"] ? "met" : "NOT met"}`],
          ["checkout review /checkout", `p50 ${pages["/checkout"].p50} ms, p99 ${pages["/checkout"].p99} ms`, `p50 <= ${PAGE_P50_TARGET_MS} ms: ${met["/checkout"] ? "met" : "NOT met"}`],
        ],
      ),
    );
    const report = {
      at: new Date().toISOString(),
      machine: { cpus: os.availableParallelism(), node: process.version, loadAverage: { before: loadBefore, after: loadAfter } },
      settings: { size: sizeName, sizes, connections, lines: LINES, parts: partIds.length, warmup, duration, pageReps },
      orders: { placed: run.placed, ordersPerSecond, linesPerSecond: ordersPerSecond * LINES, failures: Object.fromEntries(run.failures), networkErrors: run.networkErrors, stockOffParts: off },
      steps,
      pages,
      met,
    };
    mkdirSync(benchDir, { recursive: true });
    const json = `${JSON.stringify(report, null, 2)}\n`;
    writeFileSync(path.join(benchDir, "checkout-latest.json"), json);
    writeFileSync(path.join(benchDir, `checkout-${report.at.replace(/[:.]/g, "-")}.json`), json);
    log("checkout results written to .bench/checkout-latest.json");
  } finally {
    await disconnectDb().catch(() => undefined);
    await stopAll(shop, [], db);
  }
}
