import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { LimitHit } from "@/models/LimitHit";
import { LimitSweep } from "@/models/LimitSweep";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";

// The database has no expiring documents on FerretDB v1 (it refuses TTL indexes), and a range
// filter would read every hit. So each hit carries the minute its window ends (`sweepAt`), and
// the minutes that have passed are deleted one equality filter at a time, the sweep's progress
// kept in the database for every process. A process sweeps at most once a minute, after a hit.

export const MINUTE_MS = 60_000;
/** Minutes one sweep deletes at most, so catching up after a long stop is spread over several. */
const MINUTES_PER_SWEEP = 120;
const MARK_ID = "limithits";

let lastStarted = 0;
let running: Promise<void> | null = null;

/** Starts a sweep in the background unless this process ran one this minute. */
export function sweepSoon(): void {
  const minute = Math.floor(Date.now() / MINUTE_MS);
  if (running || minute <= lastStarted) return;
  lastStarted = minute;
  running = sweepSpentHits(minute)
    // Best effort: what is left is swept by the next sweep.
    .catch((error: unknown) => console.error(`[limits] sweeping spent hits failed: ${error instanceof Error ? error.message : String(error)}`))
    .finally(() => (running = null));
}

/**
 * Deletes the hits whose window ended before `minute` (a hit's window ends by the start of its
 * `sweepAt` minute, and one counted now has a later one), from where the last sweep stopped.
 */
export async function sweepSpentHits(minute = Math.floor(Date.now() / MINUTE_MS)): Promise<void> {
  await connectDb();
  const mark = await LimitSweep.findById(MARK_ID).lean();
  const from = mark ? mark.minute + 1 : minute - MINUTES_PER_SWEEP;
  const to = Math.min(minute - 1, from + MINUTES_PER_SWEEP - 1);
  for (let m = from; m <= to; m++) await LimitHit.deleteMany({ sweepAt: m });
  if (to < from) return;
  // Two processes sweeping at once do the same deletes; a mark set back by the slower one only repeats them.
  await LimitSweep.updateOne({ _id: MARK_ID }, { $set: { minute: to } }, { upsert: true }).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error;
  });
}
