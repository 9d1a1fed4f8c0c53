import { randomUUID } from "node:crypto";
import type { Types } from "mongoose";
import { connectDb, trusted } from "@/lib/db";
import { Part } from "@/models/Part";
import { StockLock } from "@/models/StockLock";

// Every change to a part's stock goes through withPartLock, so no number of
// concurrent orders can oversell, on MongoDB and on FerretDB alike.

const LOCK_TTL_MS = 15_000;
const LOCK_WAIT_MS = 10_000;

/** Orders of one part inside this process queue here first, so they don't spin on the database lock. */
const localQueues = new Map<string, Promise<unknown>>();

export class StockBusyError extends Error {
  constructor() {
    super("This part is busy with other orders; please try again in a moment.");
  }
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === 11000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function acquire(key: string): Promise<string> {
  const token = randomUUID();
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      await StockLock.collection.insertOne({ _id: key, token, expiresAt: new Date(Date.now() + LOCK_TTL_MS) } as never);
      return token;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    // Held by another process (or left by one that crashed): take over only an expired lock, by its token.
    const held = await StockLock.findById(key).lean();
    if (held && held.expiresAt.getTime() < Date.now()) {
      await StockLock.deleteOne({ _id: key, token: held.token });
      continue;
    }
    if (Date.now() > deadline) throw new StockBusyError();
    await sleep(Math.min(5 + attempt * 5, 50) * (0.5 + Math.random()));
  }
}

async function release(key: string, token: string): Promise<void> {
  await StockLock.deleteOne({ _id: key, token });
}

/** Runs `work` while holding the stock lock of one part. */
export async function withPartLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  await connectDb();
  const key = `part:${String(partId)}`;
  const previous = localQueues.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(async () => {
    const token = await acquire(key);
    try {
      return await work();
    } finally {
      await release(key, token).catch(() => undefined);
    }
  });
  localQueues.set(key, run);
  try {
    return await run;
  } finally {
    if (localQueues.get(key) === run) localQueues.delete(key);
  }
}

export type TakeStockResult = "taken" | "short" | "missing";

/** Takes `units` out of a part's stock, or says why it cannot. Call inside withPartLock. */
export async function takeStockLocked(partId: Types.ObjectId | string, units: number): Promise<TakeStockResult> {
  const result = await Part.updateOne(
    // Conditional as well as locked: on a real MongoDB the condition alone is atomic.
    { _id: partId, quantity: trusted({ $gte: units }) },
    { $inc: { quantity: -units } },
  );
  if (result.modifiedCount === 1) return "taken";
  return (await Part.exists({ _id: partId })) ? "short" : "missing";
}

/** Puts units back into a part's stock. Call inside withPartLock. */
export async function returnStockLocked(partId: Types.ObjectId | string, units: number): Promise<void> {
  await Part.updateOne({ _id: partId }, { $inc: { quantity: units } });
}

/** Takes stock under the part's lock. */
export function takeStock(partId: Types.ObjectId | string, units: number): Promise<TakeStockResult> {
  return withPartLock(partId, () => takeStockLocked(partId, units));
}

/** Returns stock under the part's lock. */
export function returnStock(partId: Types.ObjectId | string, units: number): Promise<void> {
  return withPartLock(partId, () => returnStockLocked(partId, units));
}
