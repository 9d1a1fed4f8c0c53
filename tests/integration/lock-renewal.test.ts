import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { heldLocks, keepingLocks, LockBusyError, releaseLocks, takeFreeLocks, withLock } from "@/lib/storage/lock";
import { StockLock } from "@/lib/storage/models/StockLock";

// Locks taken together for a long hold (a catalogue import's batch of parts) are renewed while the
// work runs, so a writer arriving after the locks' 15 s life waits for them rather than taking them over.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await connectDb();
});

describe("locks held together past their life", () => {
  it("are kept while the work runs and let go after it", async () => {
    const keys = ["renewal:a", "renewal:b"];
    const held = await takeFreeLocks(keys);
    expect(held.keys.size).toBe(2);
    let rival: Promise<unknown> | undefined;
    let holdEnded = false;
    await keepingLocks(held, async () => {
      await sleep(16_000);
      // Expired by now unless renewed: an unrenewed lock would be taken over at once.
      rival = withLock("renewal:a", "busy", async () => (holdEnded ? "had after the hold" : "taken over during the hold")).catch((error: unknown) => error);
      await sleep(2_000);
    });
    holdEnded = true;
    await releaseLocks(held);
    const answer = await rival;
    // The rival waited for the lock and had it once the hold let go.
    expect(answer).not.toBeInstanceOf(LockBusyError);
    expect(answer).toBe("had after the hold");
  }, 60_000);
});

describe("a holder that stalled past its locks' life", () => {
  /** What a holder whose renewals stopped (a blocked process, the database away) finds: its lock this long from expiry. */
  const expiring = (key: string, inMs: number) => StockLock.updateOne({ _id: key }, { $set: { expiresAt: new Date(Date.now() + inMs) } });

  it("no longer counts a lock held once it expired or is about to, though no one took it over, and a waiter then takes it", async () => {
    const held = await takeFreeLocks(["stalled:a", "stalled:b", "stalled:c"]);
    await expiring("stalled:a", -1_000);
    // A write the holder starts now could outlast the lock: it is not the holder's to write under.
    await expiring("stalled:b", 2_000);
    expect([...(await heldLocks(held))]).toEqual(["stalled:c"]);

    // The expired one is another's as soon as someone asks; the holder's let-go leaves that one be.
    expect(await withLock("stalled:a", "busy", async () => (await StockLock.findById("stalled:a").lean())?.token)).not.toBe(held.token);
    await releaseLocks(held);
    expect(await StockLock.countDocuments({ token: held.token })).toBe(0);
  });
});

describe("a lock held elsewhere for longer than a caller waits", () => {
  it("turns the caller away after LOCK_WAIT_MS, with the work not run and the holder's lock kept", async () => {
    const holder = await takeFreeLocks(["wait:a"]);
    const before = process.env.LOCK_WAIT_MS;
    process.env.LOCK_WAIT_MS = "400";
    try {
      let ran = false;
      const started = Date.now();
      const answer = await withLock("wait:a", "busy a while", async () => (ran = true)).catch((error: unknown) => error);
      const waited = Date.now() - started;
      expect(answer).toBeInstanceOf(LockBusyError);
      expect((answer as Error).message).toBe("busy a while");
      expect(ran).toBe(false);
      // It waited its time, and not the shop's default 10 s.
      expect(waited).toBeGreaterThanOrEqual(400);
      expect(waited).toBeLessThan(8_000);
      expect(await heldLocks(holder)).toEqual(new Set(["wait:a"]));
    } finally {
      if (before === undefined) delete process.env.LOCK_WAIT_MS;
      else process.env.LOCK_WAIT_MS = before;
      await releaseLocks(holder);
    }
  }, 30_000);
});
