import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { LockBusyError, withLock } from "@/lib/storage/lock";
import { cancelUnpaidTransfer } from "@/lib/orders/commands";
import { oldestUnpaidTransfers } from "@/lib/orders/order-lists";
import { readShopSettings } from "@/lib/settings/shop-settings";
import { ScheduledRun } from "@/models/ScheduledRun";

// Bank transfers still unpaid after the shop's hold (unpaidTransferDays) are cancelled and their
// lines put back in stock, a scheduled job (lib/jobs/schedule.ts): with Redis one process runs each
// tick; without it every process ticks. Either way a tick works only if it wins the job's lock and
// its last check is old enough, so the job runs once however many processes there are. It reads the oldest entries of the unpaid transfers' list, never every order.

const JOB = "unpaid-transfers";
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the job runs. */
export const UNPAID_TRANSFER_TICK_MS = 5 * 60 * 1000;
/** A tick this soon after the last check does nothing: ticks of several processes make one check. */
const RUN_GAP_MS = UNPAID_TRANSFER_TICK_MS - 30 * 1000;
/** Orders looked at per read of the list. */
const AT_ONCE = 50;
/** Cancellations per run at most: a backlog is worked off over the next runs. */
const MOST_PER_RUN = 500;

/** Cancels the unpaid bank transfers placed more than the shop's hold ago; how many (null: another process runs the job). */
export async function expireUnpaidTransfers(now = new Date()): Promise<number | null> {
  await connectDb();
  return withLock(
    `job:${JOB}`,
    "The unpaid transfers are being checked elsewhere.",
    async () => {
      const last = await ScheduledRun.findById(JOB).lean();
      if (last && now.getTime() - last.lastRunAt.getTime() < RUN_GAP_MS) return null;
      // Recorded before the work: a run outliving its lock is not started again by another process.
      await ScheduledRun.updateOne({ _id: JOB }, { $set: { lastRunAt: now } }, { upsert: true });
      const placedBefore = new Date(now.getTime() - (await readShopSettings()).unpaidTransferDays * DAY_MS);
      return cancelPlacedBefore(placedBefore);
    },
    { whileBusy: async () => null },
  );
}

/** Cancels one order if it is still due; a part busy with other orders leaves it to the next run. */
async function cancelOne(orderId: string, placedBefore: Date): Promise<boolean> {
  try {
    return await cancelUnpaidTransfer(orderId, placedBefore);
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
    return false;
  }
}

async function cancelPlacedBefore(placedBefore: Date): Promise<number> {
  let cancelled = 0;
  // Entries left in the list (an order paid on another server, its list not written yet) are stepped over.
  let offset = 0;
  while (cancelled < MOST_PER_RUN) {
    const oldest = await oldestUnpaidTransfers(offset, AT_ONCE);
    const due = oldest.filter((order) => order.createdAt < placedBefore);
    for (const order of due) {
      if (await cancelOne(order.id, placedBefore)) cancelled += 1;
      else offset += 1;
    }
    if (due.length < AT_ONCE) return cancelled;
  }
  return cancelled;
}
