import "server-only";
import { completePartWrite, PART_NOTE_PREFIX } from "@/lib/catalogue/pending-lists";
import { connectDb } from "@/lib/storage/connect";
import { pendingWriteIds } from "@/lib/storage/list-journal";
import { LockBusyError } from "@/lib/storage/lock";
import { completeOrderChange, ORDER_CHANGE_NOTE_PREFIX } from "@/lib/orders/order-changes";
import { settleAllInterruptedOrders } from "@/lib/stock/part-stock";
import { REVIEW_NOTE_ID, withReviewsLock } from "@/lib/reviews/totals";
import { ACCOUNT_NOTE_PREFIX, completeAccountListing } from "@/lib/users/list";

// At start-up: completes every write of documents and their lists that a crash cut short
// (lib/storage/list-journal.ts), so the lists agree with the documents even where no one writes again.
// The notes are the writes in progress at one moment: a handful, never a collection read whole.

/** Notes completed at once. */
const AT_ONCE = 8;

function complete(noteId: string): Promise<unknown> {
  if (noteId.startsWith(PART_NOTE_PREFIX)) return completePartWrite(noteId.slice(PART_NOTE_PREFIX.length));
  if (noteId.startsWith(ORDER_CHANGE_NOTE_PREFIX)) return completeOrderChange(noteId);
  if (noteId.startsWith(ACCOUNT_NOTE_PREFIX)) return completeAccountListing(noteId);
  if (noteId === REVIEW_NOTE_ID) return withReviewsLock(async () => undefined);
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * At start-up, in the background: settles the orders a crashed server left half-done (the stock of
 * each part whose lock it left behind) and completes the writes of documents and their lists it cut
 * short. Never fails: what it cannot finish, the next write of each part or list finishes.
 */
export async function recoverInterruptedWrites(): Promise<void> {
  await Promise.all([
    settleAllInterruptedOrders().then(
      (settled) => {
        if (settled > 0) console.warn(`[orders] settled ${settled} interrupted order(s) at start-up`);
      },
      (error: unknown) => console.error(`[orders] could not settle interrupted orders at start-up (the next order of each part will): ${messageOf(error)}`),
    ),
    completeInterruptedWrites().then(
      (completed) => {
        if (completed > 0) console.warn(`[lists] completed ${completed} interrupted write(s) at start-up`);
      },
      (error: unknown) => console.error(`[lists] could not complete interrupted writes at start-up (the next write of each will): ${messageOf(error)}`),
    ),
  ]);
}
