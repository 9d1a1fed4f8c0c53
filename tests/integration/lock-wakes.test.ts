import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { wakeLockWaitersThroughRedis } from "@/lib/redis/lock-waker";
import { closeRedis, connectRedis } from "@/lib/redis/connection.mjs";
import { connectDb } from "@/lib/storage/connect";
import { LockBusyError, withLock } from "@/lib/storage/lock";
import { wakesHeard } from "@/lib/storage/lock-wakes";
import { StockLock } from "@/lib/storage/models/StockLock";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";

// A lock held by another server process, with Redis between them: the waiter here is woken by the
// holder's release instead of polling the database for it, still takes over a lock whose holder was
// killed (it expires), and still gets the lock when Redis goes away while it waits (it polls again).

const HOLD_MS = 1_500;
const LOCK_TTL_MS = 15_000; // lib/storage/lock.ts

/** Another process holding the lock `key` (tests/support/lock-holder.ts). */
class Holder {
  private readonly child: ChildProcess;
  private readonly heard: string[] = [];
  private readonly listeners: (() => void)[] = [];
  private stderr = "";

  constructor(key: string, redisUrl: string) {
    // node itself, with tsx's loader: tsx's own command runs the script in a child, which a SIGKILL of it would leave holding the lock.
    this.child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/support/lock-holder.ts", key], {
      env: { ...process.env, REDIS_URL: redisUrl },
      stdio: ["pipe", "pipe", "pipe"],
    });
    createInterface({ input: this.child.stdout! }).on("line", (line) => {
      this.heard.push(line.trim());
      this.listeners.splice(0).forEach((listener) => listener());
    });
    this.child.stderr!.on("data", (chunk) => (this.stderr += String(chunk)));
  }

  async said(line: string, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!this.heard.includes(line)) {
      if (Date.now() > until || this.child.exitCode !== null) throw new Error(`the holder never said "${line}": ${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.listeners.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  send(line: string): void {
    this.child.stdin!.write(`${line}\n`);
  }

  killHard(): void {
    this.child.kill("SIGKILL");
  }

  async end(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.send("exit");
    const ended = new Promise((resolve) => this.child.once("exit", resolve));
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    await ended;
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let redis: PrivateRedis;
const holders: Holder[] = [];

beforeAll(async () => {
  await connectDb();
  redis = await startRedis();
  process.env.REDIS_URL = redis.url;
  await connectRedis();
  wakeLockWaitersThroughRedis();
  while (!wakesHeard()) await sleep(20);
}, 60_000);

afterAll(async () => {
  await Promise.all(holders.map((holder) => holder.end()));
  await closeRedis();
  delete process.env.REDIS_URL;
  await redis.stop();
});

async function holding(key: string): Promise<Holder> {
  const holder = new Holder(key, redis.url);
  holders.push(holder);
  await holder.said("held");
  return holder;
}

describe("a lock held by another process, with Redis", () => {
  it("wakes the waiter as soon as the holder lets go, without polling the database meanwhile", async () => {
    const holder = await holding("wake-me");
    const tries = vi.spyOn(StockLock.collection, "insertOne");
    const acquired = withLock("wake-me", "busy", async () => Date.now());
    await sleep(HOLD_MS);
    const releasedAt = Date.now();
    holder.send("release");
    const acquiredAt = await acquired;
    const insertTries = tries.mock.calls.length;
    tries.mockRestore();
    expect(acquiredAt - releasedAt).toBeLessThan(250);
    // A try at the start, one at each expiry check (every second), one when woken: not one per 50 ms.
    expect(insertTries).toBeLessThanOrEqual(4);
  });

  it("takes over a lock whose holder was killed, once it expires", async () => {
    const holder = await holding("holder-killed");
    const heldAt = Date.now();
    holder.killHard();
    let acquiredAt = 0;
    while (!acquiredAt) {
      try {
        acquiredAt = await withLock("holder-killed", "busy", async () => Date.now());
      } catch (error) {
        if (!(error instanceof LockBusyError)) throw error;
      }
    }
    expect(acquiredAt - heldAt).toBeGreaterThanOrEqual(LOCK_TTL_MS - 1_000);
    expect(acquiredAt - heldAt).toBeLessThan(LOCK_TTL_MS + 3_000);
  }, 40_000);

  it("still takes the lock when Redis goes away while it waits", async () => {
    const holder = await holding("redis-gone");
    const acquired = withLock("redis-gone", "busy", async () => Date.now());
    await sleep(300);
    await redis.kill();
    await sleep(300);
    const releasedAt = Date.now();
    holder.send("release");
    await holder.said("released");
    // Polling again: within its back-off, not an expiry check's second.
    expect((await acquired) - releasedAt).toBeLessThan(500);
    expect(wakesHeard()).toBe(false);
  });
});
