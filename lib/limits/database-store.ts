import "server-only";
import { randomBytes } from "node:crypto";
import { connectDb } from "@/lib/storage/connect";
import { LockBusyError } from "@/lib/storage/lock";
import { MINUTE_MS, sweepSoon } from "@/lib/limits/database-sweep";
import { type Clock, type LimitStatus, type Limiter, type WindowLimit, statusOf } from "@/lib/limits/window";
import { LimitHit, type LimitHitFields } from "@/models/LimitHit";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";

// Limits in the database, for a shop without Redis. Built for FerretDB v1, where an insert with a
// unique `_id` is atomic but a conditional update or an upserting findOneAndUpdate reads, then
// writes (measured: 50 concurrent `$inc` by `_id` kept 5 of them), and only equality filters reach
// the engine's index:
//  - every counted hit is a document `<key>#<seq>`; a hit takes the number after the highest it
//    read, and only one process's insert of a number succeeds, so parallel hits are all counted
//    and a check-and-count (`take`) sees every hit counted before it;
//  - a key's hits are read by equality on `key`, with a limit; each hit deletes the hits it read
//    that have `max` newer ones (its own included), so a key keeps its last `max` hits (all a
//    sliding window needs). Not "the hit `max` numbers before": a hit given back leaves a gap in
//    the numbers, and that rule would then delete a hit still among the last `max`;
//  - a take's receipt is its hit's number and a random token stored with it (`receipt`, outside
//    the model's schema: written and matched by the driver): giving it back deletes that document
//    by `_id` and token, so a number taken again after a give-back is never given back by the old
//    receipt;
//  - keys gone quiet are swept away once their window ends (lib/limits/database-sweep.ts).

/** Tries of one hit against other processes taking the same numbers; more means a flood on one key. */
const MAX_TRIES = 64;
const BUSY = "Too many requests at once just now; please try again in a moment.";

type Hit = { seq: number; at: number };
/** A hit as stored: the model's fields and the token of its receipt. */
type StoredHit = LimitHitFields & { receipt: string };

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

  /**
   * Counts hit number `seq` of the key, having read `seen`; its receipt, or null when another
   * process counted that number first.
   */
  async function insert(key: string, seq: number, seen: Hit[]): Promise<string | null> {
    const at = now();
    const token = randomBytes(9).toString("base64url");
    try {
      const hit: StoredHit = { _id: hitId(key, seq), key, seq, at, sweepAt: Math.ceil((at + limit.windowMs) / MINUTE_MS), receipt: token };
      // The driver's collection is typed for ObjectId ids; these ids are strings.
      await LimitHit.collection.insertOne(hit as never);
    } catch (error) {
      if (isDuplicateKey(error)) return null;
      throw error;
    }
    await trim(key, seen);
    sweepSoon();
    return `${seq}.${token}`;
  }

  /**
   * Deletes the hits read before a new one that have `max` newer ones, the new one included (the
   * hits counted meanwhile by others are newer still). A take only counts while fewer than `max`
   * read hits are in the window, so it deletes only hits whose window has ended.
   */
  async function trim(key: string, seen: Hit[]): Promise<void> {
    const spent = [...seen].sort((a, b) => b.seq - a.seq).slice(Math.max(0, limit.max - 1));
    // One equality delete each (what the engine pushes down); one in the steady state.
    for (const hit of spent) await LimitHit.deleteOne({ _id: hitId(key, hit.seq) });
  }

  return {
    async status(key) {
      return statusOf((await hitsOf(keyOf(key))).map((hit) => hit.at), limit, now());
    },
    async hit(key) {
      const full = keyOf(key);
      const seen = await hitsOf(full);
      // Counted whatever the count, so a number taken first just means the next one.
      let seq = nextSeq(seen);
      for (let tries = 1; !(await insert(full, seq, seen)); tries++) {
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
        const receipt = await insert(full, nextSeq(hits), hits);
        if (receipt) return { limited: false, receipt };
        if (tries >= MAX_TRIES) throw new LockBusyError(BUSY);
        await sleep(Math.random() * Math.min(50, 2 * tries));
      }
    },
    async giveBack(key, receipt) {
      const dot = receipt.indexOf(".");
      const seq = Number(receipt.slice(0, dot));
      if (dot < 0 || !Number.isSafeInteger(seq)) return;
      await connectDb();
      // By the driver: the token is no field of the model's schema, which mongoose would drop from the filter.
      await LimitHit.collection.deleteOne({ _id: hitId(keyOf(key), seq), receipt: receipt.slice(dot + 1) } as never);
    },
    async reset(key) {
      await connectDb();
      await LimitHit.deleteMany({ key: keyOf(key) });
    },
  };
}
