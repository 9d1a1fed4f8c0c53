import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";
import { Sequence } from "@/lib/storage/models/Sequence";

// Numbers unique across server processes, handed out in blocks. FerretDB's conditional updates read
// and then write without atomicity, so two processes raising one counter could both read the same
// value; instead a block is claimed by inserting a document named after it, and `_id` is unique on
// every MongoDB-compatible server, so exactly one insert wins each block. A hint remembers the
// highest block claimed, so a claim starts at the top; a hint that lags (its write is not atomic,
// or a crash fell between claim and hint) costs one failed insert per block it lags.
// A process hands out its block's numbers from memory: a crowd costs one claim per block. Numbers
// left in a block when a process stops are never handed out: a sequence has gaps, never repeats.

/** Claims tried past the hint before giving up: far more than processes claiming at once. */
const MAX_CLAIM_TRIES = 1_000;

/** A sequence of whole numbers from 1, in blocks of `blockSize`. */
export function numberSequence(name: string, { blockSize }: { blockSize: number }) {
  /** This process's numbers not yet handed out: [next, end). */
  let next = 0;
  let end = 0;
  let lastClaimed = 0;
  /** Callers take numbers one at a time, so two never get the same one from memory. */
  let line: Promise<unknown> = Promise.resolve();

  async function claimBlock(): Promise<number> {
    await connectDb();
    const hint = await Sequence.findById(name).lean();
    let block = Math.max(hint?.block ?? 0, lastClaimed) + 1;
    for (let tries = 1; ; tries++, block++) {
      try {
        await Sequence.collection.insertOne({ _id: `${name}#${block}`, claimedAt: new Date() } as never);
        break;
      } catch (error) {
        if (!isDuplicateKey(error) || tries >= MAX_CLAIM_TRIES) throw error;
      }
    }
    lastClaimed = block;
    // Only a hint: a failed or lost write costs later claims a failed insert each, never a repeat.
    await Sequence.updateOne({ _id: name }, { $max: { block } }, { upsert: true }).catch(() => undefined);
    return block;
  }

  async function takeNow(count: number): Promise<number[]> {
    const numbers: number[] = [];
    while (numbers.length < count) {
      if (next >= end) {
        const block = await claimBlock();
        next = (block - 1) * blockSize + 1;
        end = block * blockSize + 1;
      }
      numbers.push(next++);
    }
    return numbers;
  }

  return {
    /** `count` numbers no other call, here or in another process, ever gets. */
    take(count: number): Promise<number[]> {
      const taking = line.then(() => takeNow(count));
      line = taking.catch(() => undefined);
      return taking;
    },
  };
}
