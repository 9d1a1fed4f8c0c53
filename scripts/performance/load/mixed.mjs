// The mixed phase of npm run load: most clients browse (cached pages, API reads, signed-in pages)
// and order, two browsing requests for each order; the others, each signed in to an account of its
// own, check out: three parts into the cart, the review's quote, the order placed (checkout.mjs),
// then a part page. Then the checks a shop owner cares about: no 5xx, no network error, no part sold
// below zero or out of step with its orders, every order the shop acknowledged stored.
import mongoose from "mongoose";
import { signIn } from "../../services/sign-in.mjs";
import { checkout, distinctParts, unitsOrderedSince } from "./checkout.mjs";

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
};

/** Plenty of stock for most parts, little for every fourth, so both the placed and the "short" paths run. */
export async function resetStock(parts, partIds) {
  const start = new Map();
  for (const [i, id] of partIds.entries()) {
    const quantity = i % 4 === 0 ? 30 : 100_000;
    await parts.updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: { quantity, minOrder: 1 } });
    start.set(id, quantity);
  }
  return start;
}

/** `count` accounts named `${prefix}${i}@example.com`, signed up first when `signUp`, each signed in. */
export async function customers(base, count, signUp, prefix = "load") {
  const users = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@example.com`;
    users.push({ email, cookie: await signIn(base, { email, password: "load-test-pass", ...(signUp ? { name: `Load ${i}` } : {}) }) });
  }
  return users;
}

/**
 * Waits until the parts' stock has not moved for 3 s (at most 60 s): when a load generator stops,
 * orders that reached the shop are still being placed.
 */
export async function settled(parts, partIds) {
  const ids = partIds.map((id) => new mongoose.Types.ObjectId(id));
  const stock = async () => (await parts.find({ _id: { $in: ids } }, { projection: { quantity: 1 } }).toArray()).reduce((n, p) => n + p.quantity, 0);
  const started = Date.now();
  let last = await stock();
  let changed = started;
  while (Date.now() - changed < 3000 && Date.now() - started < 60_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await stock();
    if (now !== last) [last, changed] = [now, Date.now()];
  }
}

/** Whether every acknowledged order is stored and each part's stock plus its orders since `since` (of `email` only, when given) is its stock at the start. */
export async function check(db, start, acknowledged, since, { email } = {}) {
  const problems = [];
  const orders = db.connection.collection("orders");
  const stored = new Set((await orders.find({ createdAt: { $gte: since }, ...(email ? { email } : {}) }, { projection: { _id: 1 } }).toArray()).map((o) => String(o._id)));
  const lost = acknowledged.filter((id) => !stored.has(id));
  if (lost.length > 0) problems.push(`${lost.length} acknowledged orders are not stored`);
  // Every order of the parts since `since` took their stock, whoever placed it: of `email` only when the phase had it alone.
  const units = await unitsOrderedSince(orders, since, email);
  for (const [id, quantity] of start) {
    const part = await db.connection.collection("parts").findOne({ _id: new mongoose.Types.ObjectId(id) });
    const ordered = units.get(id) ?? 0;
    if (part.quantity < 0 || part.quantity + ordered !== quantity) problems.push(`part ${id}: stock ${part.quantity} + ordered ${ordered} != ${quantity}`);
  }
  return problems;
}

/**
 * The clients browse and order for `warmSeconds`, then for `seconds` measured: the warm-up's
 * latencies are reported apart (a fresh process starts cold: V8 has compiled nothing, no page is
 * cached, and Node accepts the crowd's connections one turn of its event loop at a time), while
 * every reply of both counts for the checks.
 */
export async function mixedLoad(base, db, partIds, users, { clients, seconds, warmSeconds = 0, checkoutUsers = [] }) {
  const start = await resetStock(db.connection.collection("parts"), partIds);
  const since = new Date(Date.now() - 1000);
  const latencies = { browse: [], order: [], checkout: [] };
  const checkouts = { placed: 0, refused: 0 };
  const warmLatencies = [];
  const statuses = new Map();
  const failures = new Map();
  const acknowledged = [];
  let errors = 0;
  const measureFrom = performance.now() + warmSeconds * 1000;
  const stopAt = Date.now() + (warmSeconds + seconds) * 1000;

  async function timed(kind, path, init) {
    const started = performance.now();
    try {
      const reply = await fetch(`${base}${path}`, init);
      const body = await reply.text();
      (started < measureFrom ? warmLatencies : latencies[kind]).push(performance.now() - started);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status >= 500) {
        // What the shop said, so a failed run tells a busy lock from a database outage.
        const said = `${reply.status} ${init?.method ?? "GET"} ${path.split("?")[0]}: ${body.slice(0, 120)}`;
        failures.set(said, (failures.get(said) ?? 0) + 1);
      }
      return { status: reply.status, body };
    } catch (error) {
      errors += 1;
      return { status: 0, body: String(error) };
    }
  }

  /** A client with an account (and so a cart) of its own: checks out three parts, then looks at a part page. */
  async function checkoutClient(n, user) {
    const send = (step, path, init) => timed("checkout", path, init);
    let step = 0;
    while (Date.now() < stopAt) {
      step += 1;
      const outcome = await checkout(send, { cookie: user.cookie, origin: base }, distinctParts(partIds, 3));
      if (outcome.order) {
        acknowledged.push(outcome.order._id);
        checkouts.placed += 1;
      } else checkouts.refused += 1;
      await timed("browse", `/parts/${partIds[(n + step) % partIds.length]}`, { headers: { cookie: user.cookie } });
    }
  }

  async function client(n) {
    if (n < checkoutUsers.length) return checkoutClient(n, checkoutUsers[n]);
    const user = users[n % users.length];
    const browsing = ["/", "/parts", "/carparts", "/reviews"];
    let step = 0;
    while (Date.now() < stopAt) {
      step += 1;
      const partId = partIds[(n + step) % partIds.length];
      if (step % 3 === 0) {
        const reply = await timed("order", "/orderd", {
          method: "POST",
          headers: { "content-type": "application/json", cookie: user.cookie, origin: base },
          body: JSON.stringify({ _id: partId, name: "Load Tester", email: user.email, quantity: 1 + (step % 2), phone: "555-0100", address: "1 Load Road" }),
        });
        if (reply.status === 201) acknowledged.push(JSON.parse(reply.body).result._id);
      } else if (step % 3 === 1) {
        await timed("browse", browsing[(n + step) % browsing.length], { headers: { cookie: user.cookie } });
      } else {
        await timed("browse", step % 2 ? `/parts/${partId}` : `/carparts/${partId}`, {});
      }
    }
  }

  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  // Closed loop: the last requests end after stopAt, so the measured time runs to the last reply.
  const elapsed = (performance.now() - measureFrom) / 1000;
  const all = [...latencies.browse, ...latencies.order, ...latencies.checkout];
  const summary = (values) => ({ n: values.length, p50: pct(values, 50), p95: pct(values, 95), p99: pct(values, 99), max: pct(values, 100) });
  if (warmSeconds > 0) {
    const warm = summary(warmLatencies);
    console.log(`[load]   warm-up ${warmSeconds} s (not in the figures below): ${warm.n} requests, p50=${warm.p50} ms p99=${warm.p99} ms max=${warm.max} ms`);
  }
  const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  const problems = await check(db, start, acknowledged, since);
  if (fiveXX > 0) problems.push(`${fiveXX} replies were 5xx`);
  if (errors > 0) problems.push(`${errors} network errors`);
  const result = {
    rps: Math.round(all.length / elapsed), all: summary(all), browse: summary(latencies.browse), order: summary(latencies.order), checkout: summary(latencies.checkout), checkouts,
    warmUp: summary(warmLatencies), fiveXX, errors, acknowledged: acknowledged.length, passed: problems.length === 0,
  };
  console.log(`[load]   ${all.length} requests in ${elapsed.toFixed(1)} s = ${result.rps} req/s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; orders acknowledged ${acknowledged.length} (checkouts placed ${checkouts.placed}, refused ${checkouts.refused})`);
  for (const kind of ["all", "browse", "order", "checkout"]) {
    const s = result[kind];
    console.log(`[load]   ${kind.padEnd(6)} n=${s.n} p50=${s.p50} ms p95=${s.p95} ms p99=${s.p99} ms max=${s.max} ms`);
  }
  for (const problem of problems) console.error(`[load]   FAIL: ${problem}`);
  for (const [said, count] of failures) console.error(`[load]   ${count} x ${said}`);
  return result;
}
