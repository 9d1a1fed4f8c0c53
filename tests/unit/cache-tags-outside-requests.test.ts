import { afterEach, describe, expect, it } from "vitest";
import { LOCAL_TAG_STATES, type Revalidation } from "@/lib/cache/shared-tags.mjs";
import { partsChanged, stockChanged } from "@/lib/cache/tags";

// Next's revalidateTag only queues a change on the current request. The shop's writes also run
// outside any request (the unpaid transfers' expiry, on a timer) or in one that has answered (an
// order stored by a round another request started): their changes must still reach the tag states
// of the process, which its cache handler offers (lib/cache/local-tag-states.mjs).

const offered = globalThis as unknown as Record<symbol, ((states: Revalidation) => void) | undefined>;

afterEach(() => {
  delete offered[LOCAL_TAG_STATES];
});

describe("a revalidation outside any request", () => {
  it("reaches the process's tag states: an order's stock stale, an edit expired, each part's id in lower case", async () => {
    const applied: Revalidation = [];
    offered[LOCAL_TAG_STATES] = (states) => applied.push(...states);
    const before = Date.now();
    await stockChanged(["ABCDEF0123456789ABCDEF01"]);
    const stock = Object.fromEntries(applied.splice(0));
    expect(Object.keys(stock)).toEqual(["stock", "stock:abcdef0123456789abcdef01"]);
    for (const state of Object.values(stock)) {
      expect(state.stale).toBeGreaterThanOrEqual(before);
      // Stale, not gone: still served while one background render refreshes it.
      expect(state.expired).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000);
    }

    await partsChanged("abcdef0123456789abcdef01");
    const edit = Object.fromEntries(applied.splice(0));
    expect(Object.keys(edit)).toEqual(["parts", "part:abcdef0123456789abcdef01"]);
    for (const state of Object.values(edit)) expect(state.expired).toBeLessThanOrEqual(Date.now());
  });

  it("is a no-op where no cache handler offered them (a script, a test)", async () => {
    await expect(stockChanged(["abcdef0123456789abcdef01"], { now: true })).resolves.toBeUndefined();
  });
});
