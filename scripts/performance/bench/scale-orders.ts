// The scale group's POST /orderd rows: 50 connections ordering one part, then spread over many,
// each checked against the database afterwards: every unit that left stock is in an order.
import mongoose from "mongoose";
import { connectDb, trusted } from "@/lib/storage/connect";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { BENCH_CUSTOMER, type BenchData } from "./data";
import { BENCH_SITE_URL, connections, load, log, sleep, waitForQueuedOrders } from "./shared";

const orderSeconds = Number(process.env.BENCH_SCALE_ORDER_SECONDS ?? 10);
const SPREAD_TARGET = 200;
const ONE_PART_TARGET = 50;
const BALANCE_WAIT_MS = 30_000;

export type OrderRun = {
  name: string;
  parts: number;
  ordersPerSecond: number;
  errors: number;
  requests: number;
  p50: number;
  p99: number;
  /** Parts whose orders hold more units than left their stock (or whose stock is below 0). */
  oversoldParts: number;
  /** Parts whose stock went down by more than their orders hold: units taken, no order stored. */
  unbalancedParts: number;
  oversold: boolean;
  met: boolean;
};

async function stockOf(ids: string[]): Promise<Map<string, number>> {
  await connectDb();
  const parts = await Part.find({ _id: trusted({ $in: ids }) }).select("quantity").lean();
  return new Map(parts.map((p) => [p._id.toString(), p.quantity]));
}

/** Units ordered per part since `since`: the load's orders only (the generated ones are older). */
async function unitsOrdered(ids: string[], since: Date): Promise<Map<string, number>> {
  const rows = await Order.aggregate<{ _id: mongoose.Types.ObjectId; units: number }>([
    { $match: { partId: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) }, createdAt: { $gte: since } } },
    { $group: { _id: "$partId", units: { $sum: "$quantity" } } },
  ]);
  return new Map(rows.map((r) => [r._id.toString(), r.units]));
}

/**
 * Compares each part's stock now plus the units of the run's orders with its stock before. An order
 * still between its stock write and its order insert looks unbalanced for a moment, so this waits up
 * to BALANCE_WAIT_MS for the parts to balance before it counts.
 */
async function stockBalance(partIds: string[], before: Map<string, number>, since: Date): Promise<{ oversoldParts: number; unbalancedParts: number }> {
  const deadline = Date.now() + BALANCE_WAIT_MS;
  for (;;) {
    const after = await stockOf(partIds);
    const units = await unitsOrdered(partIds, since);
    const gap = (id: string) => before.get(id)! - after.get(id)! - (units.get(id) ?? 0);
    const oversoldParts = partIds.filter((id) => gap(id) < 0 || after.get(id)! < 0).length;
    const unbalancedParts = partIds.filter((id) => gap(id) > 0).length;
    if ((oversoldParts === 0 && unbalancedParts === 0) || Date.now() > deadline) return { oversoldParts, unbalancedParts };
    await sleep(1000);
  }
}

async function orderRun(base: string, cookie: string, name: string, partIds: string[], target: number): Promise<OrderRun> {
  const order = (partId: string) => JSON.stringify({ _id: partId, name: BENCH_CUSTOMER.name, email: BENCH_CUSTOMER.email, quantity: "1", phone: "555-0100", address: "1 Bench Street", partsname: "bench", price: 1 });
  // A browser on the shop's pages sends the public origin (SITE_URL), as in production.
  const headers = { "content-type": "application/json", cookie, origin: new URL(BENCH_SITE_URL).origin };
  let next = 0;
  const before = await stockOf(partIds);
  // A second of slack: the shop stamps createdAt with its own clock, on the same machine.
  const since = new Date(Date.now() - 1000);
  const result = await load(name, `${base}/orderd`, {
    method: "POST",
    headers,
    body: order(partIds[0]!),
    warmupSeconds: 0,
    durationSeconds: orderSeconds,
    setupRequest: partIds.length > 1 ? (request) => ({ ...request, body: order(partIds[next++ % partIds.length]!) }) : undefined,
    settle: () => waitForQueuedOrders(partIds),
  });
  const balance = await stockBalance(partIds, before, since);
  const ordersPerSecond = Math.round(result.successes / orderSeconds);
  const run = {
    name, parts: partIds.length, ordersPerSecond, errors: result.errors, requests: result.requests, p50: result.p50, p99: result.p99, ...balance,
    oversold: balance.oversoldParts > 0, met: ordersPerSecond >= target && result.errors === 0 && balance.oversoldParts === 0 && balance.unbalancedParts === 0,
  };
  const stock = balance.unbalancedParts ? `stock taken without an order on ${balance.unbalancedParts} part(s)` : "stock matches the orders";
  log(`${name}: ${ordersPerSecond} orders/s, ${run.errors} error(s), ${run.oversold ? `OVERSOLD on ${balance.oversoldParts} part(s)` : stock}`);
  return run;
}

/** POST /orderd at the bench's connections (50): one part, then spread over the ordered parts. */
export async function measureOrders(base: string, cookie: string, data: BenchData): Promise<OrderRun[]> {
  const ids = data.orderedPartIds;
  return [
    await orderRun(base, cookie, `POST /orderd x${connections}, one part`, ids.slice(0, 1), ONE_PART_TARGET),
    await orderRun(base, cookie, `POST /orderd x${connections}, ${ids.length - 1} parts`, ids.slice(1), SPREAD_TARGET),
  ];
}
