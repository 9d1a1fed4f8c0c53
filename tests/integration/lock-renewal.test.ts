import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { keepingLocks, LockBusyError, releaseLocks, takeFreeLocks, withLock } from "@/lib/storage/lock";

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
