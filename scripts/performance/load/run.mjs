// npm run load: the shop under a crowd, on a fresh embedded database (scripts/services/with-db.mjs), in
// several shapes side by side:
//   1          one `next start` answering directly, in-process cache (the default deployment);
//   N+nginx    N `next start` processes of the same build behind nginx with Redis for the shared
//              cache and limits (npm run cluster's shape, scripts/services/cluster.mjs).
// Each shape gets three phases (every shape's cached pages first, then each shape's mixed and orders):
//   cached pages  LOAD_PAGE_CONNECTIONS (100) connections on public pages for LOAD_PAGES_SECONDS (15),
//                 LOAD_PAGES_ROUNDS (3) times, the shapes taking turns, after LOAD_PAGES_WARM_SECONDS
//                 (15) of the same load per process of each shape (a fresh process serves at half
//                 speed until V8 has compiled its hot code); the median round is reported;
//   mixed         LOAD_CLIENTS (200) clients browse and order for LOAD_SECONDS (60) measured, after
//                 LOAD_WARM_SECONDS (15) of the same load reported apart, LOAD_USERS (40) signed-in
//                 accounts shared by the clients; LOAD_CHECKOUT_CLIENTS (50) of them instead check
//                 out three parts at a time, each with an account (and a cart) of its own;
//   orders        LOAD_ORDER_CONNECTIONS (50) connections of orders spread over the parts for
//                 LOAD_ORDERS_SECONDS (15);
// and is checked: no 5xx, no network error, no oversell, every acknowledged order stored.
//   LOAD_SHAPES: which shapes, comma-separated (default "1,1+nginx,2+nginx").
//   LOAD_PAGES_ONLY=1: the cached-pages phase alone; LOAD_RESULT_FILE: the figures as JSON there too.
//   NEXT_DIST_DIR: the build measured; by default the shop's own (.next, what `npm run build` and
//   `npm run shop` make), built first when missing or older than the source.
import { writeFileSync } from "node:fs";
import path from "node:path";
import mongoose from "mongoose";
import { startCluster } from "../../services/cluster.mjs";
import { startNext } from "../../services/next-server.mjs";
import { repoRoot } from "../../services/paths.mjs";
import { ensureBuild } from "../../services/production-build.mjs";
import { freePort } from "../../services/server-process.mjs";
import { check, customers, mixedLoad, resetStock, settled } from "./mixed.mjs";
import { ordersLoad } from "./orders.mjs";
import { cachedPagePaths, cachedPagesLoad, ensureWrkInstalled } from "./pages.mjs";

const SHAPES = (process.env.LOAD_SHAPES ?? "1,1+nginx,2+nginx").split(",").map((s) => s.trim()).filter(Boolean);
const PAGE_CONNECTIONS = Number(process.env.LOAD_PAGE_CONNECTIONS ?? 100);
const PAGES_SECONDS = Number(process.env.LOAD_PAGES_SECONDS ?? 15);
const PAGES_ROUNDS = Number(process.env.LOAD_PAGES_ROUNDS ?? 3);
const PAGES_WARM_SECONDS = Number(process.env.LOAD_PAGES_WARM_SECONDS ?? 15);
const PAGES_ONLY = process.env.LOAD_PAGES_ONLY === "1";
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARM_SECONDS = Number(process.env.LOAD_WARM_SECONDS ?? 15);
const USERS = Number(process.env.LOAD_USERS ?? 40);
const CHECKOUT_CLIENTS = Math.min(Number(process.env.LOAD_CHECKOUT_CLIENTS ?? 50), CLIENTS);
const ORDER_CONNECTIONS = Number(process.env.LOAD_ORDER_CONNECTIONS ?? 50);
const ORDERS_SECONDS = Number(process.env.LOAD_ORDERS_SECONDS ?? 15);
const DIST = process.env.NEXT_DIST_DIR || ".next";
/** The build every shape runs; the load signs up and signs in far more than the per-address limits allow one address. */
const SHOP_ENV = { NEXT_DIST_DIR: DIST, AUTH_SIGNUPS_PER_IP: "0", AUTH_SIGNIN_FAILURES_PER_IP: "0", AUTH_SIGNIN_FAILURES_PER_EMAIL_IP: "0" };

function parseShape(shape) {
  const match = /^(\d+)(\+nginx)?$/.exec(shape);
  if (!match || Number(match[1]) < 1 || (Number(match[1]) > 1 && !match[2])) throw new Error(`LOAD_SHAPES: "${shape}" is not "1" or "N+nginx"`);
  return { processes: Number(match[1]), nginx: Boolean(match[2]) };
}

/** LOAD_PORT pins the port the load is sent to: the shop's, or nginx's. */
const frontPort = async () => (process.env.LOAD_PORT ? Number(process.env.LOAD_PORT) : await freePort());

/** Starts a shape; `port` defaults to LOAD_PORT or a free one. nginx's files go to .data/load-<shape>. */
async function startShape(shape, port) {
  const { processes, nginx } = parseShape(shape);
  if (!nginx) {
    const server = await startNext({ port: port ?? (await frontPort()), env: SHOP_ENV });
    return { base: server.baseUrl, stop: () => server.stop() };
  }
  const dir = path.join(repoRoot, ".data", `load-${shape}`);
  const cluster = await startCluster({ processes, port: port ?? (await frontPort()), env: SHOP_ENV, dir });
  return { base: cluster.baseUrl, stop: () => cluster.stop() };
}

ensureBuild(DIST, "load");
const db = await mongoose.connect(process.env.MONGODB_URI);
const parts = db.connection.collection("parts");
const partIds = (await parts.find({ quantity: { $gt: 0 } }, { projection: { _id: 1 } }).limit(100).toArray()).map((p) => String(p._id));
/** Runs `phases` against a fresh start of the shape; the shape is stopped whatever happens. */
async function withShape(shape, phases) {
  const server = await startShape(shape);
  try {
    return await phases(server.base);
  } finally {
    await server.stop();
  }
}

const median = (runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)];

/**
 * The cached-pages phase of every shape: all shapes run at once (an idle one costs nothing), each is
 * warmed, then they take turns, PAGES_ROUNDS times, so a slow minute of this shared machine falls on
 * one round of each rather than on one shape. Sets row.pages (the median round) and row.pageRounds.
 */
async function cachedPages(rows) {
  const paths = cachedPagePaths(partIds);
  const load = (base, seconds) => cachedPagesLoad(base, paths, { connections: PAGE_CONNECTIONS, seconds });
  const running = [];
  try {
    // LOAD_PORT pins one port, so only with one shape is it used here.
    for (const row of rows) running.push(await startShape(row.shape, rows.length > 1 ? await freePort() : undefined));
    for (const [i, row] of rows.entries()) {
      // Each process of a shape gets about the requests a lone process gets: V8 compiles by use.
      const seconds = PAGES_WARM_SECONDS * parseShape(row.shape).processes;
      console.log(`[load] ${row.shape}: warming, ${PAGE_CONNECTIONS} connections on cached pages for ${seconds} s`);
      await load(running[i].base, seconds);
      row.pageRounds = [];
    }
    for (let round = 1; round <= PAGES_ROUNDS; round++) {
      for (const [i, row] of rows.entries()) {
        const pages = await load(running[i].base, PAGES_SECONDS);
        console.log(`[load] ${row.shape}: cached pages, round ${round}: ${pages.rps} req/s, p50 ${pages.p50} ms, p99 ${pages.p99} ms, 4xx/5xx ${pages.non2xx}, errors ${pages.errors}, timeouts ${pages.timeouts}`);
        row.pageRounds.push(pages);
      }
    }
  } finally {
    for (const server of running) await server.stop();
  }
  for (const row of rows) row.pages = median(row.pageRounds);
}

const rows = SHAPES.map((shape) => ({ shape }));
let failed = false;
let signedUp = false;
try {
  // Every shape's cached pages first, before the orders leave the database busy with its own
  // upkeep (PostgreSQL's autovacuum): that work would land on the later shapes' pages only.
  ensureWrkInstalled();
  await cachedPages(rows);
  for (const { shape, pageRounds } of rows) {
    if (pageRounds.some((p) => p.non2xx > 0 || p.errors > 0)) failed = true;
    const timeouts = pageRounds.reduce((sum, p) => sum + p.timeouts, 0);
    if (timeouts === 0) continue;
    if (parseShape(shape).nginx) failed = true;
    // Node (libuv) accepts one new connection per turn of its event loop: a saturated process
    // answering directly takes a crowd's connections one turn at a time (README, "Load").
    else console.log(`[load] ${shape}: ${timeouts} requests on late-accepted connections waited over 10 s (one process answering directly; see the README's Load section)`);
  }
  for (const row of PAGES_ONLY ? [] : rows) {
    const { shape } = row;
    await withShape(shape, async (base) => {
      // One more account for the orders phase, so its orders are told from the mixed phase's last ones.
      const [orderer, ...users] = await customers(base, USERS + 1, !signedUp);
      const checkoutUsers = await customers(base, CHECKOUT_CLIENTS, !signedUp, "checkout");
      signedUp = true;
      console.log(`[load] ${shape}: mixed, ${CLIENTS} clients (${CHECKOUT_CLIENTS} checking out) for ${WARM_SECONDS} s of warm-up, then ${SECONDS} s measured`);
      row.mixed = await mixedLoad(base, db, partIds, users, { clients: CLIENTS, seconds: SECONDS, warmSeconds: WARM_SECONDS, checkoutUsers });
      console.log(`[load] ${shape}: orders, ${ORDER_CONNECTIONS} connections over ${partIds.length} parts for ${ORDERS_SECONDS} s`);
      const start = await resetStock(parts, partIds);
      const since = new Date();
      row.orders = await ordersLoad(base, partIds, orderer, { connections: ORDER_CONNECTIONS, seconds: ORDERS_SECONDS });
      await settled(parts, partIds);
      const problems = await check(db, start, [], since, { email: orderer.email });
      for (const problem of problems) console.error(`[load]   FAIL: ${problem}`);
      console.log(`[load] ${shape}: orders ${row.orders.ordersPerSecond}/s placed, p50 ${row.orders.p50} ms, p99 ${row.orders.p99} ms, statuses ${JSON.stringify(row.orders.statuses)}`);
      if (!row.mixed.passed || row.orders.fiveXX > 0 || row.orders.errors > 0 || problems.length > 0) failed = true;
    });
  }
} finally {
  await mongoose.disconnect();
}

const ratio = (a, b) => (b ? (a / b).toFixed(2) : "-");
const first = rows[0];
const pageColumns = (pages, pageRounds) => `${pages.rps} (${pageRounds.map((p) => p.rps).join(", ")}) | ${pages.p50} / ${pages.p99} | ${ratio(pages.rps, first.pages.rps)}`;
const pageFailures = (pageRounds) => pageRounds.reduce((sum, p) => sum + p.errors + p.timeouts, 0);
if (PAGES_ONLY) {
  console.log(`\n| shape | cached pages req/s (median; rounds) | p50 / p99 ms | x ${first?.shape} | 4xx/5xx | errors |`);
  console.log("|---|---|---|---|---|---|");
  for (const { shape, pages, pageRounds } of rows) console.log(`| ${shape} | ${pageColumns(pages, pageRounds)} | ${pageRounds.reduce((sum, p) => sum + p.non2xx, 0)} | ${pageFailures(pageRounds)} |`);
} else {
  console.log(`\n| shape | cached pages req/s (median; rounds) | p50 / p99 ms | x ${first?.shape} | mixed req/s | p50 / p99 ms | its browsing p50 / p99 ms | its orders p50 / p99 ms | its checkouts' requests p50 / p99 ms | checkouts placed | its warm-up p50 / p99 ms | x ${first?.shape} | orders/s (x${ORDER_CONNECTIONS}) | p50 / p99 ms | 5xx | errors |`);
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const { shape, pages, pageRounds, mixed, orders } of rows) {
    console.log(
      `| ${shape} | ${pageColumns(pages, pageRounds)} | ${mixed.rps} | ${mixed.all.p50} / ${mixed.all.p99} | ${mixed.browse.p50} / ${mixed.browse.p99} | ${mixed.order.p50} / ${mixed.order.p99} | ${mixed.checkout.p50} / ${mixed.checkout.p99} | ${mixed.checkouts.placed} | ${mixed.warmUp.p50} / ${mixed.warmUp.p99} | ${ratio(mixed.rps, first.mixed.rps)} | ${orders.ordersPerSecond} | ${orders.p50} / ${orders.p99} | ${mixed.fiveXX + orders.fiveXX} | ${mixed.errors + orders.errors + pageFailures(pageRounds)} |`,
    );
  }
}
if (process.env.LOAD_RESULT_FILE) writeFileSync(process.env.LOAD_RESULT_FILE, `${JSON.stringify({ passed: !failed, rows }, null, 2)}\n`);
const checked = PAGES_ONLY ? "no 4xx or 5xx, no network error, no timeout behind nginx" : "no 5xx, no oversell, every acknowledged order stored";
console.log(failed ? "[load] FAILED" : `[load] passed: ${checked}, in every shape`);
process.exit(failed ? 1 : 0);
