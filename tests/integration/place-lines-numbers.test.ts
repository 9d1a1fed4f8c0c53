import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { Sequence } from "@/lib/storage/models/Sequence";
import { numberSequence } from "@/lib/storage/sequence";
import { newOrderNumbers } from "@/lib/orders/order-numbers";

// Order numbers come from a sequence kept in the database, unique across server processes: each
// sequence object below stands for one process (its own memory of the block it hands out).

beforeAll(async () => {
  await connectDb();
});

describe("number sequences", () => {
  it("four processes taking numbers at once never get the same number", async () => {
    const processes = Array.from({ length: 4 }, () => numberSequence("test-crowd", { blockSize: 5 }));
    const taken = await Promise.all(processes.flatMap((sequence) => Array.from({ length: 30 }, (_, i) => sequence.take(1 + (i % 3)))));
    const numbers = taken.flat();
    expect(numbers).toHaveLength(4 * (10 * 1 + 10 * 2 + 10 * 3));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n) => Number.isInteger(n) && n >= 1)).toBe(true);
  });

  it("one process hands out its block in order, one claim per block", async () => {
    const sequence = numberSequence("test-block", { blockSize: 100 });
    expect(await sequence.take(3)).toEqual([1, 2, 3]);
    expect(await sequence.take(2)).toEqual([4, 5]);
    // Another process claims the next block.
    expect(await numberSequence("test-block", { blockSize: 100 }).take(1)).toEqual([101]);
    expect((await Sequence.findById("test-block").lean())?.block).toBe(2);
  });

  it("a hint left behind (a crash between claim and hint, a lost write) only costs failed claims, never a repeat", async () => {
    const first = numberSequence("test-lag", { blockSize: 10 });
    const before = await first.take(25);
    await Sequence.updateOne({ _id: "test-lag" }, { $set: { block: 0 } });
    const after = await numberSequence("test-lag", { blockSize: 10 }).take(5);
    expect(after).toEqual([31, 32, 33, 34, 35]);
    expect(before.filter((n) => after.includes(n))).toEqual([]);
  });

  it("order numbers read AP- and six digits, each once", async () => {
    const numbers = (await Promise.all(Array.from({ length: 20 }, () => newOrderNumbers(2)))).flat();
    expect(numbers.every((n) => /^AP-1\d{5}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(40);
  });
});
