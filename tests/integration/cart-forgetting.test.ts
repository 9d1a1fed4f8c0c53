import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf, forgetAfterDayOf, sweepForgottenCarts } from "@/lib/cart/forgetting";
import { changeCart } from "@/lib/cart/store";
import { connectDb } from "@/lib/storage/connect";
import { Cart, CartSweep } from "@/models/Cart";
import { problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// Carts left alone for 30 days are forgotten by a sweep that reads only the carts whose last day
// has passed (equality on an indexed field, bounded batches), never the whole collection.

const DAY_MS = 24 * 60 * 60_000;
const now = Date.now();
const line = { partId: "0123456789abcdef01234567", partsname: "Brake pads", quantity: 1, priceWhenAdded: 10 };

/** Carts as changeCart leaves them, last changed at `touched`. */
async function cartsTouchedAt(prefix: string, count: number, touched: number): Promise<void> {
  await Cart.insertMany(Array.from({ length: count }, (_, i) => ({ _id: `visitor:${prefix}-${i}`, lines: [line], touchedAt: new Date(touched), forgetAfterDay: forgetAfterDayOf(touched) })));
}

/** How many of the carts made with this prefix are still there. */
async function countWith(prefix: string): Promise<number> {
  const found = await Promise.all(Array.from({ length: 120 }, (_, i) => Cart.exists({ _id: `visitor:${prefix}-${i}` })));
  return found.filter(Boolean).length;
}

beforeAll(async () => {
  await connectDb();
  await Cart.init();
  await CartSweep.init();
  // More carts left alone than one batch reads, among carts still in use.
  await cartsTouchedAt("left", 120, now - 40 * DAY_MS);
  await cartsTouchedAt("recent", 30, now - 20 * DAY_MS);
  startQueryRecorder();
}, 120_000);

afterAll(() => stopQueryRecorder());

describe("forgetting carts left alone for 30 days", () => {
  it("forgets those, keeps the others, and reads only the carts of each passed day, by equality and in batches", async () => {
    const { queries, result } = await queriesOf(() => sweepForgottenCarts(now));
    expect(result).toBe(120);
    expect(await countWith("left")).toBe(0);
    expect(await countWith("recent")).toBe(30);
    const own = queries.filter((query) => query.collection === "carts" || query.collection === "cartsweeps");
    expect(problemsOf("sweep", own)).toEqual([]);
    // The batches of passed days carry a limit; every other read is one cart by its _id.
    const scans = own.filter((query) => query.collection === "carts" && !("_id" in query.filter));
    expect(scans.every((query) => "forgetAfterDay" in query.filter && query.limit === 100)).toBe(true);
    const byId = own.filter((query) => query.collection === "carts" && "_id" in query.filter);
    expect(byId).toHaveLength(120);
  });

  it("forgets the others once their 30 days have passed too, each cart once however many processes sweep", async () => {
    const later = now + 11 * DAY_MS;
    const sweeps = await Promise.all([sweepForgottenCarts(later), sweepForgottenCarts(later)]);
    expect(sweeps.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(await countWith("recent")).toBe(0);
    // Swept days are not read again.
    const again = await queriesOf(() => sweepForgottenCarts(later));
    expect(again.result).toBe(0);
    expect(again.queries.filter((query) => query.collection === "carts")).toEqual([]);
  });

  it("moves a cart's last day on with every change", async () => {
    await cartsTouchedAt("changed", 1, now - 29 * DAY_MS);
    await changeCart("visitor:changed-0", async (lines) => ({ lines: [...lines, { ...line, partId: "0123456789abcdef01234568" }], answer: undefined }));
    const cart = await Cart.findById("visitor:changed-0").lean();
    expect(cart?.lines).toHaveLength(2);
    expect(cart?.forgetAfterDay).toBe(dayOf(Date.now()) + 30);
    expect(cart!.touchedAt.getTime()).toBeGreaterThan(now - 1000);
  });
});
