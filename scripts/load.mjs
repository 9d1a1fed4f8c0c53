// npm run load: 200 concurrent clients browse and order for 60 s against the production server and
// a fresh embedded database, then check: no 5xx, no oversell, no acknowledged order lost.
// Prints throughput and latency percentiles. Started by `npm run load` inside scripts/with-db.mjs.
//   LOAD_CLIENTS (200), LOAD_SECONDS (60), LOAD_USERS (signed-in accounts shared by the clients, 40)
import mongoose from "mongoose";
import { signIn, startNext } from "./harness.mjs";

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = Number(process.env.LOAD_USERS ?? 40);

const server = await startNext({ port: process.env.LOAD_PORT ? Number(process.env.LOAD_PORT) : undefined, env: { AUTH_SIGNUPS_PER_IP: "0", AUTH_SIGNIN_FAILURES_PER_IP: "0", AUTH_SIGNIN_FAILURES_PER_EMAIL_IP: "0" } });
const base = server.baseUrl;
let failed = false;
try {
  const parts = (await (await fetch(`${base}/carparts`)).json()).filter((p) => p.quantity > 0);
  // Plenty of stock for some parts, little for others, so both success and "short" paths run.
  const db = await mongoose.connect(process.env.MONGODB_URI);
  const parts0 = new Map();
  for (const [i, part] of parts.entries()) {
    const quantity = i % 4 === 0 ? 30 : 100_000;
    await db.connection.collection("parts").updateOne({ _id: new mongoose.Types.ObjectId(part._id) }, { $set: { quantity, minOrder: 1 } });
    parts0.set(part._id, quantity);
  }
  console.log(`[load] ${parts.length} parts; signing up ${USERS} customers`);
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const email = `load${i}@example.com`;
    users.push({ email, cookie: await signIn(base, { email, password: "load-test-pass", name: `Load ${i}` }) });
  }

  const latencies = { browse: [], order: [] };
  const statuses = new Map();
  const acknowledged = [];
  let errors = 0;
  const stopAt = Date.now() + SECONDS * 1000;

  async function timed(kind, path, init) {
    const started = performance.now();
    try {
      const reply = await fetch(`${base}${path}`, init);
      const body = await reply.text();
      latencies[kind].push(performance.now() - started);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      return { status: reply.status, body };
    } catch (error) {
      errors += 1;
      return { status: 0, body: String(error) };
    }
  }

  async function client(n) {
    const user = users[n % users.length];
    const browsing = ["/", "/parts", "/carparts", "/reviews"];
    let step = 0;
    while (Date.now() < stopAt) {
      step += 1;
      const part = parts[(n + step) % parts.length];
      if (step % 3 === 0) {
        const reply = await timed("order", "/orderd", {
          method: "POST",
          headers: { "content-type": "application/json", cookie: user.cookie, origin: base },
          body: JSON.stringify({ _id: part._id, name: "Load Tester", email: user.email, quantity: 1 + (step % 2), phone: "555-0100", address: "1 Load Road" }),
        });
        if (reply.status === 201) acknowledged.push(JSON.parse(reply.body).result._id);
      } else if (step % 3 === 1) {
        await timed("browse", browsing[(n + step) % browsing.length], { headers: { cookie: user.cookie } });
      } else {
        await timed("browse", step % 2 ? `/parts/${part._id}` : `/carparts/${part._id}`, {});
      }
    }
  }

  console.log(`[load] ${CLIENTS} clients for ${SECONDS} s`);
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  const elapsed = (performance.now() - started) / 1000;

  const pct = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
  };
  const all = [...latencies.browse, ...latencies.order];
  console.log(`[load] requests: ${all.length} in ${elapsed.toFixed(1)} s = ${(all.length / elapsed).toFixed(0)} req/s; network errors: ${errors}`);
  for (const [kind, values] of Object.entries({ all, ...latencies })) {
    console.log(`[load] ${kind.padEnd(6)} n=${values.length} p50=${pct(values, 50).toFixed(0)} ms p95=${pct(values, 95).toFixed(0)} ms p99=${pct(values, 99).toFixed(0)} ms max=${pct(values, 100).toFixed(0)} ms`);
  }
  console.log(`[load] statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; orders acknowledged: ${acknowledged.length}`);

  const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  if (fiveXX > 0 || errors > 0) {
    console.error(`[load] FAIL: ${fiveXX} replies were 5xx, ${errors} network errors`);
    failed = true;
  }
  const orders = await db.connection.collection("orders").find({}, { projection: { _id: 1, partId: 1, quantity: 1 } }).toArray();
  const stored = new Set(orders.map((o) => String(o._id)));
  const lost = acknowledged.filter((id) => !stored.has(id));
  if (lost.length > 0) {
    console.error(`[load] FAIL: ${lost.length} acknowledged orders are not stored`);
    failed = true;
  }
  for (const [id, start] of parts0) {
    const part = await db.connection.collection("parts").findOne({ _id: new mongoose.Types.ObjectId(id) });
    const ordered = orders.filter((o) => String(o.partId) === id).reduce((n, o) => n + o.quantity, 0);
    if (part.quantity < 0 || part.quantity + ordered !== start) {
      console.error(`[load] FAIL: part ${id}: stock ${part.quantity} + ordered ${ordered} != ${start}`);
      failed = true;
    }
  }
  console.log(failed ? "[load] FAILED" : "[load] passed: no 5xx, no oversell, every acknowledged order stored");
  await mongoose.disconnect();
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
