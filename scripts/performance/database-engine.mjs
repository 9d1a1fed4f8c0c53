#!/usr/bin/env node
// Measures the embedded database's backend on this machine, for the README's table:
//   FERRETDB_BACKEND=postgresql|sqlite node scripts/performance/database-engine.mjs
// A fresh instance on a free port, 50,000 documents, then the figures the choice rests on.
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { startFerretDB } from "../services/ferretdb.mjs";

const DOCS = 50_000;
const backend = process.env.FERRETDB_BACKEND ?? "postgresql";
const dataDir = path.join(".data", `measure-${backend}-${process.pid}`);

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** Median of a few runs, in ms: one slow run on a shared machine should not decide. */
async function median(runs, fn) {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await timed(fn));
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/** Conditional $inc per second (stock taken only while enough is left) from `clients` connections in parallel. */
async function incrementsPerSecond(uri, clients, seconds) {
  const pool = await Promise.all(Array.from({ length: clients }, () => new mongoose.mongo.MongoClient(uri, { maxPoolSize: 1 }).connect()));
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  await Promise.all(pool.map(async (client) => {
    const stock = client.db().collection("stock");
    while (Date.now() < deadline) {
      try {
        await stock.updateOne({ _id: "part", quantity: { $gte: 1 } }, { $inc: { quantity: -1 } });
        done += 1;
      } catch {
        failed += 1;
      }
    }
  }));
  await Promise.all(pool.map((c) => c.close()));
  return { perSecond: Math.round(done / seconds), failed };
}

const load = () => os.loadavg()[0].toFixed(1);
const startup = await timed(async () => (await startFerretDB({ dataDir, fresh: true })).stop());
const db = await startFerretDB({ dataDir, fresh: true });
try {
  const client = await new mongoose.mongo.MongoClient(db.uri).connect();
  const users = client.db().collection("users");
  for (let i = 0; i < DOCS; i += 1000) {
    await users.insertMany(Array.from({ length: 1000 }, (_, j) => ({ email: `user${i + j}@example.com`, role: (i + j) % 10 === 0 ? "admin" : "user", name: `User ${i + j}` })));
  }
  await users.createIndex({ email: 1 }, { unique: true });
  const find = await median(5, () => users.find({ email: "user43210@example.com" }).toArray());
  const count = await median(5, () => users.countDocuments({ role: "admin" }));
  await client.db().collection("stock").insertOne({ _id: "part", quantity: 1e9 });
  await client.close();
  const one = await incrementsPerSecond(db.uri, 1, 10);
  const fifty = await incrementsPerSecond(db.uri, 50, 10);
  console.log(JSON.stringify({ backend, startupMs: Math.round(startup), findByEmailMs: Math.round(find), countByRoleMs: Math.round(count), inc1PerSecond: one.perSecond, inc50PerSecond: fifty.perSecond, inc50Failures: fifty.failed, loadAverage: load() }));
} finally {
  await db.stop();
  const { rmSync } = await import("node:fs");
  rmSync(db.dataDir, { recursive: true, force: true });
}
