import "server-only";
import { othersWaiting, withLock } from "@/lib/storage/lock";

// Changes queued per key and applied in batches, one batch at a time, under the key's lock
// (lib/storage/lock.ts, so across server processes too). The lock is held for a turn of up to TURN_MS
// while batches keep coming: its holder is the key's only writer, so it reads what it needs once a
// turn (`begin`), and each batch of the turn costs only its own writes (`apply`). A crowd of writers
// then costs one lock and one read per turn and one write per batch, not a lock and a read each.

/** How long one turn may last while batches keep coming: well inside the lock's expiry. */
const TURN_MS = 2_000;
/**
 * After a turn that ran its whole length while a caller elsewhere waits (lib/storage/lock.ts signWaiting),
 * the lock stays free until that caller has taken it (its sign goes) or for at most this long, so
 * another server's writers get their turn rather than time out behind a process that is never idle.
 * With no one waiting, the turns follow each other at once.
 */
const HANDOVER_MS = 1_000;
/** How often a process handing a lock over looks whether it was taken. */
const HANDOVER_POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Batch<Change> = { changes: Change[]; settle: { resolve: () => void; reject: (error: unknown) => void }[] };

export type TurnWork<Change, Held> = {
  /** What the lock's holder reads once a turn. */
  begin: (key: string) => Promise<Held>;
  /** Writes one batch; may change `held` to what it wrote. */
  apply: (key: string, held: Held, changes: Change[]) => Promise<void>;
};

/** Leaves a lock free while a caller elsewhere says it waits for it, up to HANDOVER_MS. */
async function handOver(lock: string): Promise<void> {
  const until = Date.now() + HANDOVER_MS;
  while (Date.now() < until && (await othersWaiting(lock).catch(() => false))) await sleep(HANDOVER_POLL_MS);
}

/** A function that queues changes of a key and resolves once they are written. */
export function inTurnsUnderLock<Change, Held>(lockKey: (key: string) => string, busyMessage: string, { begin, apply }: TurnWork<Change, Held>): (key: string, changes: Change[]) => Promise<void> {
  const waiting = new Map<string, Batch<Change>>();
  const draining = new Set<string>();

  async function drain(key: string): Promise<void> {
    draining.add(key);
    try {
      while (waiting.has(key)) {
        // A batch's writers hear back as soon as it is in while the turn goes on, so a crowd never
        // waits for the turn to end. The turn's last batch hears back only once the lock is let go: a
        // process that ends as soon as its last write returns must not leave the lock behind to block
        // the next one until it expires.
        let last: Batch<Change> | undefined;
        let current: Batch<Change> | undefined;
        let ranOut = false;
        try {
          await withLock(lockKey(key), busyMessage, async () => {
            const held = await begin(key);
            const until = Date.now() + TURN_MS;
            do {
              current = waiting.get(key)!;
              waiting.delete(key);
              await apply(key, held, current.changes);
              last?.settle.forEach(({ resolve }) => resolve());
              last = current;
              current = undefined;
            } while (waiting.has(key) && Date.now() < until);
            ranOut = waiting.has(key);
          });
        } catch (error) {
          // A failed write leaves what this turn held unsure: its batch fails, and the next turn reads afresh.
          // No lock at all: the batch that was waiting for it fails.
          const failed = current ?? waiting.get(key);
          if (failed === waiting.get(key)) waiting.delete(key);
          failed?.settle.forEach(({ reject }) => reject(error));
        }
        last?.settle.forEach(({ resolve }) => resolve());
        if (ranOut) await handOver(lockKey(key));
      }
    } finally {
      draining.delete(key);
    }
  }

  return (key, changes) =>
    new Promise((resolve, reject) => {
      const batch = waiting.get(key) ?? { changes: [], settle: [] };
      batch.changes.push(...changes);
      batch.settle.push({ resolve, reject });
      waiting.set(key, batch);
      if (!draining.has(key)) void drain(key);
    });
}
