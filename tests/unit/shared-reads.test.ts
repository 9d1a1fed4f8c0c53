import { describe, expect, it } from "vitest";
import { forgetSharedRead, sharedRead } from "@/lib/storage/shared-reads";

// A crowd of requests of one account costs one read; a write in between is never hidden.

function controlledRead() {
  let calls = 0;
  const pending: ((value: number) => void)[] = [];
  const read = () => {
    calls += 1;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { read, calls: () => calls, answer: (n: number, value: number) => pending[n]!(value) };
}

describe("sharedRead", () => {
  it("readers arriving while a read is on its way share its answer; a reader after it is answered reads again", async () => {
    const source = controlledRead();
    const first = sharedRead("k1", source.read);
    const second = sharedRead("k1", source.read);
    expect(source.calls()).toBe(1);
    source.answer(0, 7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    const third = sharedRead("k1", source.read);
    expect(source.calls()).toBe(2);
    source.answer(1, 8);
    expect(await third).toBe(8);
  });

  it("after forgetSharedRead (a write), a new reader does not get the answer of the read started before it", async () => {
    const source = controlledRead();
    const before = sharedRead("k2", source.read);
    forgetSharedRead("k2");
    const after = sharedRead("k2", source.read);
    expect(source.calls()).toBe(2);
    source.answer(0, 1);
    expect(await before).toBe(1);
    // The older read ending does not take the newer one out of the way: a third reader joins it.
    const joined = sharedRead("k2", source.read);
    expect(source.calls()).toBe(2);
    source.answer(1, 2);
    expect(await Promise.all([after, joined])).toEqual([2, 2]);
  });

  it("different keys never share, and a failed read is not kept", async () => {
    const source = controlledRead();
    void sharedRead("k3", source.read);
    void sharedRead("k4", source.read);
    expect(source.calls()).toBe(2);
    const failing = sharedRead("k5", () => Promise.reject(new Error("down")));
    await expect(failing).rejects.toThrow("down");
    expect(await sharedRead("k5", () => Promise.resolve(5))).toBe(5);
  });
});
