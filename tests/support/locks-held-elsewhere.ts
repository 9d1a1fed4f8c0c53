import { afterEach } from "vitest";
import { StockLock } from "@/lib/storage/models/StockLock";

const HOLDER = "held-by-the-test";
/** Short beside the shop's 10 s, long enough for the test's own writes queued on a lock it does not hold. */
const SHORT_WAIT_MS = "1500";

/**
 * Locks held the way a writer in another server process holds them, so a write reaching one is
 * turned away after what it wrote before it: a write cut short. While the test holds any, a busy
 * lock is waited for 1.5 s (LOCK_WAIT_MS) rather than 10 s, since each such write waits the whole
 * time out; letting go restores the wait, so the file's other tests wait as the shop does. Whatever
 * a test still holds is let go after it.
 */
export function locksHeldElsewhere() {
  const held: string[] = [];
  let waitBefore: string | undefined;
  const letGo = async (): Promise<void> => {
    if (held.length === 0) return;
    try {
      for (const lock of held.splice(0)) await StockLock.deleteOne({ _id: lock, token: HOLDER });
    } finally {
      if (waitBefore === undefined) delete process.env.LOCK_WAIT_MS;
      else process.env.LOCK_WAIT_MS = waitBefore;
    }
  };
  afterEach(letGo);
  return {
    /** Holds the lock named `lock` for a minute, or until `letGo`. */
    hold: async (lock: string): Promise<void> => {
      await StockLock.collection.insertOne({ _id: lock, token: HOLDER, expiresAt: new Date(Date.now() + 60_000) } as never);
      if (held.length === 0) {
        waitBefore = process.env.LOCK_WAIT_MS;
        process.env.LOCK_WAIT_MS = SHORT_WAIT_MS;
      }
      held.push(lock);
    },
    letGo,
  };
}
