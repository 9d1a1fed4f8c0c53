import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { signWaiting } from "@/lib/storage/lock";
import { changeLists, compareKeys, encodeKey, keyId, listSize, readList, rebuildList, rebuildLists, type SharedLock } from "@/lib/storage/ordered-index";
import { IndexChunk, type IndexKey } from "@/lib/storage/models/IndexChunk";
import { StockLock } from "@/lib/storage/models/StockLock";

const freshList = () => `test:${Math.random().toString(36).slice(2)}`;
const key = (n: number): IndexKey => encodeKey(n, `id${n}`);

beforeAll(async () => {
  await connectDb();
});

describe("ordered lists", () => {
  it("pages read in order from either end match a plain sorted array, across chunk splits and removals", async () => {
    const list = freshList();
    const model: IndexKey[] = [];
    // Shuffled inserts, in batches of every size, past several chunk splits.
    const numbers = Array.from({ length: 1200 }, (_, i) => (i * 7919) % 1200);
    for (let i = 0; i < numbers.length; ) {
      const size = 1 + (i % 97);
      const batch = numbers.slice(i, i + size).map((n) => key(n));
      await changeLists(batch.map((k) => ({ list, key: k, op: "add" })));
      model.push(...batch);
      i += size;
    }
    const removed = numbers.filter((n) => n % 3 === 0).map((n) => key(n));
    await changeLists(removed.map((k) => ({ list, key: k, op: "remove" })));
    const expected = model.filter((k) => Number(keyId(k).slice(2)) % 3 !== 0).sort(compareKeys);

    expect(await listSize(list)).toBe(expected.length);
    for (const offset of [0, 1, 255, 256, 257, 500, expected.length - 5, expected.length]) {
      const up = await readList(list, { offset, limit: 20 });
      expect(up.keys).toEqual(expected.slice(offset, offset + 20));
      const down = await readList(list, { offset, limit: 20, descending: true });
      expect(down.keys).toEqual([...expected].reverse().slice(offset, offset + 20));
      expect(down.total).toBe(expected.length);
    }
    expect(await IndexChunk.countDocuments({ list })).toBeGreaterThan(3);
  });

  it("keys sort by their parts in order: numbers by value, then texts, a shorter text before its extensions", () => {
    const sorted = [encodeKey(10, "b", "x"), encodeKey(9, "z", "y"), encodeKey(10, "ab", "w"), encodeKey(10, "a", "v")].sort(compareKeys);
    expect(sorted.map(keyId)).toEqual(["y", "v", "w", "x"]);
    expect(() => encodeKey(-1, "id")).toThrow(RangeError);
  });

  it("adding a key twice or removing one that is absent changes nothing", async () => {
    const list = freshList();
    await changeLists([1, 2, 3].map((n) => ({ list, key: key(n), op: "add" })));
    await changeLists([{ list, key: key(2), op: "add" }, { list, key: key(9), op: "remove" }]);
    expect((await readList(list, { offset: 0, limit: 10 })).keys).toEqual([key(1), key(2), key(3)]);
  });

  it("200 concurrent writers each see their key listed once they return, and none is lost", async () => {
    const list = freshList();
    await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        await changeLists([{ list, key: key(n), op: "add" }]);
        const { keys } = await readList(list, { offset: 0, limit: 300 });
        expect(keys).toContainEqual(key(n));
      }),
    );
    expect(await listSize(list)).toBe(200);
  });

  it("a writer's change returns only once the list's lock is let go, so a process may end right after it", async () => {
    const list = freshList();
    await changeLists([{ list, key: key(1), op: "add" }]);
    expect(await StockLock.findById(`list:${list}`).lean()).toBeNull();
  });

  it("a writer reads the list afresh on each turn of its lock, so a change made meanwhile by another writer is kept", async () => {
    const list = freshList();
    await changeLists([{ list, key: key(1), op: "add" }]);
    // Another process's writer, as far as this one knows: a rebuild under the same lock.
    await rebuildList(list, [key(2), key(3)]);
    await changeLists([{ list, key: key(4), op: "add" }]);
    expect((await readList(list, { offset: 0, limit: 10 })).keys).toEqual([key(2), key(3), key(4)]);
  });

  it("keys a split left in the old chunk as well (a crash between its writes) are read once, and the next write drops them", async () => {
    const list = freshList();
    const keys = Array.from({ length: 400 }, (_, n) => key(n));
    await rebuildList(list, keys);
    // As if the process died after the directory named the new chunk, before the old one was cut.
    const [first, second] = await IndexChunk.find({ list }).lean().then((chunks) => chunks.sort((a, b) => compareKeys(a.entries[0]!, b.entries[0]!)));
    await IndexChunk.updateOne({ _id: first!._id }, { $set: { entries: [...first!.entries, ...second!.entries.slice(0, 50)] } });

    expect((await readList(list, { offset: 190, limit: 20 })).keys).toEqual(keys.slice(190, 210));
    await changeLists([{ list, key: key(10), op: "remove" }]);
    expect((await IndexChunk.findById(first!._id).lean())?.entries).toHaveLength(199);
    expect((await readList(list, { offset: 0, limit: 500 })).keys).toEqual(keys.filter((k) => k !== key(10)));
  });

  it("a rebuild replaces the list with exactly the keys given, sorted", async () => {
    const list = freshList();
    await changeLists([{ list, key: key(5000), op: "add" }]);
    const keys = Array.from({ length: 450 }, (_, n) => key(449 - n));
    await rebuildList(list, keys);
    expect(await listSize(list)).toBe(450);
    expect((await readList(list, { offset: 440, limit: 20 })).keys).toEqual([...keys].reverse().slice(440));
    expect((await readList(list, { offset: 0, limit: 1, descending: true })).keys).toEqual([key(449)]);
  });

  describe("lists that share a lock", () => {
    const freshLock = (): SharedLock => ({ lock: `lists:${freshList()}` });

    it("200 concurrent writers over 20 lists each see their key once they return, none is lost, and the lock is let go", async () => {
      const shared = freshLock();
      const lists = Array.from({ length: 20 }, freshList);
      await Promise.all(
        Array.from({ length: 200 }, async (_, n) => {
          const list = lists[n % 20]!;
          await changeLists([{ list, key: key(n), op: "add" }, ...(n % 3 === 0 ? [{ list: lists[0]!, key: key(1000 + n), op: "add" as const }] : [])], shared);
          expect((await readList(list, { offset: 0, limit: 300 })).keys).toContainEqual(key(n));
        }),
      );
      expect(await listSize(lists[0]!)).toBe(10 + 67);
      for (const list of lists.slice(1)) expect(await listSize(list)).toBe(10);
      expect(await StockLock.findById(shared.lock).lean()).toBeNull();
    });

    it("a writer waits while another server holds the shared lock, whichever list it changes; other lists do not wait", async () => {
      const shared = freshLock();
      const [held, free] = [freshList(), freshList()];
      await StockLock.collection.insertOne({ _id: shared.lock, token: "another server", expiresAt: new Date(Date.now() + 60_000) } as never);
      let landed = false;
      const waiting = changeLists([{ list: held, key: key(1), op: "add" }], shared).then(() => (landed = true));
      await changeLists([{ list: free, key: key(1), op: "add" }]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(landed).toBe(false);
      await StockLock.deleteOne({ _id: shared.lock });
      await waiting;
      expect((await readList(held, { offset: 0, limit: 10 })).keys).toEqual([key(1)]);
    });

    it("another server waiting for a lock this process keeps busy gets it after one turn, not a timeout", async () => {
      const shared = freshLock();
      const list = freshList();
      // Writers here keep coming every millisecond, so a batch is always waiting and a turn runs its length.
      const writes: Promise<void>[] = [];
      let n = 0;
      const writer = setInterval(() => writes.push(changeLists([{ list, key: key(n++), op: "add" }], shared)), 1);
      // Once this process holds the lock, the other server tries as lib/storage/lock.ts's waiters do: an
      // insert, then a sleep of 25 to 75 ms, saying it waits at first and then every second.
      while (!(await StockLock.findById(shared.lock).lean())) await new Promise((resolve) => setTimeout(resolve, 5));
      const started = Date.now();
      let tookItAfter = -1;
      let signedAt = -Infinity;
      try {
        while (Date.now() - started < 6_000) {
          try {
            await StockLock.collection.insertOne({ _id: shared.lock, token: "another server", expiresAt: new Date(Date.now() + 15_000) } as never);
            tookItAfter = Date.now() - started;
            break;
          } catch {
            if (Date.now() - signedAt >= 1_000) {
              signedAt = Date.now();
              await signWaiting(shared.lock);
            }
            await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        clearInterval(writer);
        await StockLock.deleteOne({ _id: shared.lock, token: "another server" });
      }
      await Promise.all(writes);
      expect(tookItAfter).toBeGreaterThanOrEqual(0);
      // One turn (2 s, and the batch running when it ends), not a timeout.
      expect(tookItAfter).toBeLessThan(4_500);
      expect(await listSize(list)).toBe(n);
    }, 20_000);

    it("a rebuild under the shared lock in between is read afresh by the next turn, and rebuilds every list given", async () => {
      const shared = freshLock();
      const [a, b] = [freshList(), freshList()];
      await changeLists([{ list: a, key: key(1), op: "add" }, { list: b, key: key(1), op: "add" }], shared);
      await rebuildLists(
        [
          [a, [key(2), key(3)]],
          [b, []],
        ],
        undefined,
        shared,
      );
      await changeLists([{ list: a, key: key(4), op: "add" }, { list: b, key: key(5), op: "add" }], shared);
      expect((await readList(a, { offset: 0, limit: 10 })).keys).toEqual([key(2), key(3), key(4)]);
      expect((await readList(b, { offset: 0, limit: 10 })).keys).toEqual([key(5)]);
      expect(await StockLock.findById(shared.lock).lean()).toBeNull();
    });
  });
});
