import "server-only";
import { connectDb } from "@/lib/db/connect";
import { LockBusyError } from "@/lib/db/lock";
import { MINUTE_MS, sweepSoon } from "@/lib/limits/database-sweep";
import type { Limiter } from "@/lib/limits/limiter";
import { type Clock, type LimitStatus, NOT_LIMITED, type WindowLimit, statusOf } from "@/lib/limits/window";
import { LimitHit, type LimitHitFields } from "@/models/LimitHit";

// Limits in the database, for a shop without Redis. Built for FerretDB v1, where an insert with a
// unique `_id` is atomic but a conditional update or an upserting findOneAndUpdate reads, then
// writes (measured: 50 concurrent `$inc` by `_id` kept 5 of them), and only equality filters reach
// the engine's index:
//  - every counted hit is a document `<key>#<seq>`; a hit takes the number after the highest it
//    read, and only one process's insert of a number succeeds, so parallel hits are all counted
//    and a check-and-count (`take`) sees every hit counted before it;
//  - a key's hits are read by equality on `key`, with a limit; each hit deletes the one `max`
//    places before it, so a key keeps its last `max` hits (all a sliding window needs);
//  - keys gone quiet are swept away once their window ends (lib/limits/database-sweep.ts).

/** Tries of one hit against other processes taking the same numbers; more means a flood on one key. */
const MAX_TRIES = 64;
const BUSY = "Too many requests at once just now; please try again in a moment.";

type Hit = { seq: number; at: number };

const hitId = (key: string, seq: number) => `${key}#${seq}`;
const nextSeq = (hits: Hit[]) => hits.reduce((highest, hit) => Math.max(highest, hit.seq), 0) + 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function databaseLimiter(name: string, limit: WindowLimit, now: Clock = Date.now): Limiter {
  // A key holds `max` hits, more only for a moment while parallel hits delete their predecessors.
  const readLimit = 2 * limit.max + 16;
  const keyOf = (key: string) => `${name}:${key}`;

  async function hitsOf(key: string): Promise<Hit[]> {
    await connectDb();
    return LimitHit.find({ key }, { seq: 1, at: 1 }).limit(readLimit).lean<Hit[]>();
  }

  /** Counts hit number `seq` of the key; false when another process counted that number first. */
  async function insert(key: string, seq: number): Promise<boolean> {
    const at = now();
    try {
      const hit: LimitHitFields = { _id: hitId(key, seq), key, seq, at, sweepAt: Math.ceil((at + limit.windowMs) / MINUTE_MS) };
      // The driver's collection is typed for ObjectId ids; these ids are strings.
      await LimitHit.collection.insertOne(hit as never);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 11000) return false;
      throw error;
    }
    if (seq > limit.max) await LimitHit.deleteOne({ _id: hitId(key, seq - limit.max) });
    sweepSoon();
    return true;
  }

  return {
    async status(key) {
      return statusOf((await hitsOf(keyOf(key))).map((hit) => hit.at), limit, now());
    },
    async hit(key) {
      const full = keyOf(key);
      // Counted whatever the count, so a number taken first just means the next one.
      let seq = nextSeq(await hitsOf(full));
      for (let tries = 1; !(await insert(full, seq)); tries++) {
        if (tries >= MAX_TRIES) throw new LockBusyError(BUSY);
        seq += 1;
      }
    },
    async take(key) {
      const full = keyOf(key);
      for (let tries = 1; ; tries++) {
        const hits = await hitsOf(full);
        const status: LimitStatus = statusOf(hits.map((hit) => hit.at), limit, now());
        if (status.limited) return status;
        // A number taken first means a hit this check did not see: check again.
        if (await insert(full, nextSeq(hits))) return NOT_LIMITED;
        if (tries >= MAX_TRIES) throw new LockBusyError(BUSY);
        await sleep(Math.random() * Math.min(50, 2 * tries));
      }
    },
    async reset(key) {
      await connectDb();
      await LimitHit.deleteMany({ key: keyOf(key) });
    },
  };
}
