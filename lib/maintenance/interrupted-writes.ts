import "server-only";
import { completeCutShortPartWrite, partWrites } from "@/lib/catalogue/part-writes";
import { connectDb } from "@/lib/storage/connect";
import { pendingWriteIds } from "@/lib/storage/list-journal";
import { LockBusyError } from "@/lib/storage/lock";
import { completeOrderChange, orderChanges } from "@/lib/orders/order-changes";
import { reviewWrites, withReviewsLock } from "@/lib/reviews/totals";
import { accountOpenings } from "@/lib/users/list";

// At start-up: completes every write of documents and their lists that a crash cut short
// (lib/storage/list-journal.ts), so the lists agree with the documents even where no one writes again.
// The notes are the writes in progress at one moment: a handful, never a collection read whole.

/** Notes completed at once. */
const AT_ONCE = 8;

/** Each write's completion under the lock its writers hold (an account's opening takes none). */
function complete(noteId: string): Promise<unknown> {
  const part = partWrites.thingOf(noteId);
  if (part !== null) return completeCutShortPartWrite(part);
  const orderPart = orderChanges.thingOf(noteId);
  if (orderPart !== null) return completeOrderChange(orderPart);
  const account = accountOpenings.thingOf(noteId);
  if (account !== null) return accountOpenings.completeCutShort(account);
  if (reviewWrites.thingOf(noteId) === "") return withReviewsLock(async () => undefined);
  return Promise.resolve();
}

async function completeWhenFree(noteId: string): Promise<void> {
  // A dead writer's lock expires after 15 s: wait for it rather than give up.
  for (let attempt = 0; ; attempt++) {
    try {
      await complete(noteId);
      return;
    } catch (error) {
      if (!(error instanceof LockBusyError) || attempt >= 3) throw error;
    }
  }
}

/** Completes the writes cut short; how many there were. */
export async function completeInterruptedWrites(): Promise<number> {
  await connectDb();
  const queue = await pendingWriteIds();
  const count = queue.length;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await completeWhenFree(next);
    }),
  );
  return count;
}
