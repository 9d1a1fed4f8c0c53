import "server-only";
import { randomUUID } from "node:crypto";
import { connectDb } from "@/lib/db/connect";
import { StockLock } from "@/models/StockLock";

// A lock held in the database, so it holds across server processes, on MongoDB and on FerretDB
// alike (whose conditional updates read and then write without atomicity).

const LOCK_TTL_MS = 15_000;
const LOCK_WAIT_MS = 10_000;

/**
 * Callers of one lock inside this process wait here first, so they don't spin on the database.
 * The line is bounded: past this many waiting, a caller is turned away at once (503) rather than
 * stalling every caller behind it.
 */
export const MAX_WAITING_PER_LOCK = 32;

type LocalLine = { tail: Promise<unknown>; waiting: number };
const localLines = new Map<string, LocalLine>();

/** The lock could not be had in time, or its line is full: the caller should try again shortly (503). */
export class LockBusyError extends Error {}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === 11000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function acquire(key: string, busyMessage: string): Promise<string> {
  const token = randomUUID();
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      // `_id` is unique in every MongoDB-compatible database, so exactly one insert wins.
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
    if (Date.now() > deadline) throw new LockBusyError(busyMessage);
    await sleep(Math.min(5 + attempt * 5, 50) * (0.5 + Math.random()));
  }
}

async function release(key: string, token: string): Promise<void> {
  await StockLock.deleteOne({ _id: key, token });
}

/** Runs `work` while holding the lock `key`; LockBusyError(busyMessage) when it cannot be had. */
export async function withLock<T>(key: string, busyMessage: string, work: () => Promise<T>): Promise<T> {
  await connectDb();
  const line = localLines.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
  if (line.waiting >= MAX_WAITING_PER_LOCK) throw new LockBusyError(busyMessage);
  line.waiting += 1;
  localLines.set(key, line);
  const run = line.tail.catch(() => undefined).then(async () => {
    const token = await acquire(key, busyMessage);
    try {
      return await work();
    } finally {
      await release(key, token).catch(() => undefined);
    }
  });
  line.tail = run;
  try {
    return await run;
  } finally {
    line.waiting -= 1;
    if (line.waiting === 0) localLines.delete(key);
  }
}
