import tagsManifestModule from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { afterEach, describe, expect, it } from "vitest";
import { offerLocalTagStates } from "@/lib/cache/local-tag-states.mjs";
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

  it("reaches Next's own tags manifest, the one it checks an entry against, once a cache handler has offered it", async () => {
    const { areTagsExpired, areTagsStale } = tagsManifestModule;
    const id = "0123456789abcdef01234567";
    const storedAt = Date.now() - 1_000;
    offerLocalTagStates();
    await stockChanged([id]);
    expect(areTagsStale([`stock:${id}`], storedAt)).toBe(true);
    expect(areTagsExpired([`stock:${id}`], storedAt)).toBe(false);
    expect(areTagsExpired([`part:${id}`], storedAt)).toBe(false);
    await partsChanged(id);
    expect(areTagsExpired([`part:${id}`], storedAt)).toBe(true);
    // An entry stored after the change is fresh again.
    expect(areTagsStale([`stock:${id}`, `part:${id}`], Date.now() + 1)).toBe(false);
  });

  it("is a no-op where no cache handler offered them (a script, a test)", async () => {
    await expect(stockChanged(["abcdef0123456789abcdef01"], { now: true })).resolves.toBeUndefined();
  });
});
