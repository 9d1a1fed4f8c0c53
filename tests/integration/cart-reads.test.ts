import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItemCount, readCart } from "@/lib/cart/queries";
import { forgetAfterDayOf } from "@/lib/cart/forgetting";
import { connectDb } from "@/lib/storage/connect";
import { MAX_CART_LINES } from "@/lib/validation/cart";
import { Cart } from "@/models/Cart";
import { Part } from "@/models/Part";
import { describeQuery, problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// Reading a cart, on every cart page, header count and checkout: the cart by its _id, then each of
// its parts by _id (a full cart's 50 at most), whatever the number of carts and parts in the shop.

const owner = { email: "full-cart@example.com" };

beforeAll(async () => {
  await connectDb();
  await Cart.init();
  const parts = await Part.insertMany(Array.from({ length: MAX_CART_LINES + 30 }, (_, i) => ({ partsname: `Part ${i}`, image: "https://example.com/part.png", price: 2, quantity: 10, minOrder: 1, description: "A part made by a test." })));
  const lines = parts.slice(0, MAX_CART_LINES).map((part) => ({ partId: String(part._id), partsname: part.partsname, quantity: 2, priceWhenAdded: 2 }));
  const now = Date.now();
  await Cart.insertMany([
    { _id: `account:${owner.email}`, lines, touchedAt: new Date(now), forgetAfterDay: forgetAfterDayOf(now) },
    ...Array.from({ length: 100 }, (_, i) => ({ _id: `visitor:other-${i}`, lines: lines.slice(0, 3), touchedAt: new Date(now), forgetAfterDay: forgetAfterDayOf(now) })),
  ]);
  startQueryRecorder();
}, 120_000);

afterAll(() => stopQueryRecorder());

describe("query audit of reading a cart", () => {
  it("reads a full cart by its _id and each part by _id", async () => {
    const { queries, result } = await queriesOf(() => readCart(owner));
    expect(result).toMatchObject({ itemCount: 2 * MAX_CART_LINES, subtotal: 4 * MAX_CART_LINES });
    expect(problemsOf("readCart", queries)).toEqual([]);
    expect(queries.map(describeQuery)).toHaveLength(1 + MAX_CART_LINES);
    expect(queries.every((query) => Object.keys(query.filter).join() === "_id")).toBe(true);
  });

  it("counts the header's items from the cart's document alone", async () => {
    const { queries, result } = await queriesOf(() => cartItemCount(owner));
    expect(result).toBe(2 * MAX_CART_LINES);
    expect(queries.map(describeQuery)).toEqual([`carts.findOne({"_id":"account:${owner.email}"})`]);
  });

  it("reads nothing for a browser without a cart", async () => {
    const { queries, result } = await queriesOf(() => readCart(null));
    expect(result.lines).toEqual([]);
    expect(queries).toEqual([]);
  });
});
