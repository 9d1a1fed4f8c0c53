import { describe, expect, it } from "vitest";
import { batchesByKey } from "@/lib/storage/batches";

// Work queued per key, run a batch at a time: what a crowd of orders or list writes rides on.

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("batchesByKey", () => {
  it("calls made while a batch runs form the next batch; each caller gets its own outcome", async () => {
    const batches: number[][] = [];
    const first = gate();
    const run = batchesByKey<number, number>(
      async (_key, items) => {
        batches.push(items);
        if (batches.length === 1) await first.opened;
        return items.map((item) => (item < 0 ? { error: new Error(`refused ${item}`) } : { value: item * 10 }));
      },
      { maxItems: 10, busy: () => new Error("busy") },
    );
    const a = run("k", 1);
    await tick();
    const rest = [run("k", 2), run("k", -3), run("k", 4)];
    first.open();
    expect(await a).toBe(10);
    const settled = await Promise.allSettled(rest);
    expect(settled.map((r) => (r.status === "fulfilled" ? r.value : String((r.reason as Error).message)))).toEqual([20, "refused -3", 40]);
    expect(batches).toEqual([[1], [2, -3, 4]]);
  });

  it("past maxItems of one key running or waiting, a call is refused at once; another key is not", async () => {
    const hold = gate();
    const run = batchesByKey<number, number>(
      async (_key, items) => {
        await hold.opened;
        return items.map((value) => ({ value }));
      },
      { maxItems: 2, busy: () => new Error("busy") },
    );
    const held = [run("k", 1), run("k", 2)];
    await expect(run("k", 3)).rejects.toThrow("busy");
    const other = run("other", 4);
    hold.open();
    expect(await Promise.all([...held, other])).toEqual([1, 2, 4]);
  });

  it("a run that answers before its work is over: calls made until the next batch is `ready` join it", async () => {
    const batches: number[][] = [];
    let work = gate();
    const run = batchesByKey<number, number>(
      async (_key, items) => {
        batches.push(items);
        return items.map((value) => ({ value }));
      },
      { maxItems: 10, busy: () => new Error("busy"), ready: () => work.opened },
    );
    // The first batch waits until it is ready, then answers at once.
    const a = run("k", 1);
    await tick();
    const b = run("k", 2);
    work.open();
    expect(await Promise.all([a, b])).toEqual([1, 2]);
    work = gate();
    const c = run("k", 3);
    await tick();
    const d = run("k", 4);
    await tick();
    expect(batches).toEqual([[1, 2]]);
    work.open();
    expect(await Promise.all([c, d])).toEqual([3, 4]);
    expect(batches).toEqual([[1, 2], [3, 4]]);
  });
});
