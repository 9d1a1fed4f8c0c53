import type { Types } from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { connectDb, trusted } from "@/lib/storage/connect";
import { placeOrder } from "@/lib/orders/place-order";
import { type PlaceLines, placeOrderLines } from "@/lib/orders/place-lines";
import { PricesChangedError, ShortLinesError } from "@/lib/orders/placement-errors";
import { ensureIndexes } from "@/lib/seed/seed";
import { withPartLocks } from "@/lib/stock/part-stock";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { StockLock } from "@/lib/storage/models/StockLock";
import { unsettledJournalEntries } from "../support/journals";

// Orders of several parts are placed all or nothing: every line's stock is taken or none is.

const DAY = 86_400_000;
/** Standard delivery: $9.95, free from $100. */
const priceDelivery = (subtotal: number) => ({ price: subtotal >= 100 ? 0 : 9.95, by: new Date(Date.now() + 3 * DAY) });
const checkout = (lines: PlaceLines["lines"], more: Partial<PlaceLines> = {}): PlaceLines => ({
  email: "lines@example.com",
  name: "Lines Buyer",
  phone: "555-0100",
  address: "1 Lines Road",
  lines,
  deliveryMethod: "standard",
  priceDelivery,
  paymentMethod: "cash-on-delivery",
  ...more,
});

async function makeParts(stocks: number[], price = 4.5) {
  return Part.insertMany(stocks.map((quantity, i) => ({ partsname: `Line part ${i} ${Math.random().toString(36).slice(2, 7)}`, image: "/x.svg", price, quantity, description: "d" })));
}
const stockOf = async (id: Types.ObjectId) => (await Part.findById(id).lean())!.quantity;
const line = (part: { _id: Types.ObjectId }, quantity = 1) => ({ partId: String(part._id), quantity });

/** Units of each part in stored orders that are not cancelled. */
async function orderedUnits(partIds: Types.ObjectId[]): Promise<Map<string, number>> {
  const units = new Map(partIds.map((id) => [String(id), 0]));
  const orders = await Order.find({ "lines.partId": trusted({ $in: partIds }) }).lean();
  for (const order of orders) for (const l of order.lines ?? []) if (units.has(String(l.partId))) units.set(String(l.partId), units.get(String(l.partId))! + l.quantity);
  return units;
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("placing an order of several parts", () => {
  it("stores the lines at the parts' prices, the first line on top, the subtotal, delivery, total, a number and a bank transfer's reference", async () => {
    const [pads, disc] = await makeParts([10, 10], 19.99);
    const { order, replayed } = await placeOrderLines(checkout([line(pads!, 2), line(disc!, 1), line(pads!, 1)], { paymentMethod: "bank-transfer", deliveryMethod: "express" }));
    expect(replayed).toBe(false);
    expect(order.lines.map((l) => [l.partId, l.quantity, l.unitPrice, l.total])).toEqual([
      [String(pads!._id), 3, 19.99, 59.97],
      [String(disc!._id), 1, 19.99, 19.99],
    ]);
    expect([order.partId, order.quantity, order.partsname]).toEqual([String(pads!._id), 3, pads!.partsname]);
    expect(order.subtotal).toBe(79.96);
    expect(order.deliveryPrice).toBe(9.95);
    expect(order.total).toBe(89.91);
    expect(order.deliveryMethod).toBe("express");
    expect(order.number).toMatch(/^AP-\d{6}$/);
    expect(order.paymentReference).toBe(order.number);
    expect(order.paymentStatus).toBe("unpaid");
    expect(order.deliveryBy).not.toBeNull();
    expect([await stockOf(pads!._id), await stockOf(disc!._id)]).toEqual([7, 9]);
    const stored = await Order.findById(order._id).select("+idempotencyKey").lean();
    expect(stored?.number).toBe(order.number);
    expect(stored?.lines).toHaveLength(2);
  });

  it("a cash-on-delivery order has no payment reference; every order gets its own number", async () => {
    const [part] = await makeParts([10]);
    const placed = await Promise.all([1, 2, 3].map(() => placeOrderLines(checkout([line(part!)]))));
    expect(placed.map(({ order }) => order.paymentReference)).toEqual([null, null, null]);
    expect(new Set(placed.map(({ order }) => order.number)).size).toBe(3);
  });

  it("refuses with one error naming every short line, and takes nothing", async () => {
    const [pads, disc, hardware] = await makeParts([3, 0, 10]);
    const refused = await placeOrderLines(checkout([line(pads!, 5), line(disc!, 1), line(hardware!, 2)])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ShortLinesError);
    const error = refused as ShortLinesError;
    expect(error.message).toBe(`Only 3 left of ${pads!.partsname}. Out of stock: ${disc!.partsname}.`);
    expect(error.shortLines).toEqual([
      { partId: String(pads!._id), partsname: pads!.partsname, wanted: 5, available: 3 },
      { partId: String(disc!._id), partsname: disc!.partsname, wanted: 1, available: 0 },
    ]);
    expect(error.details).toEqual({ shortLines: error.shortLines });
    expect([await stockOf(pads!._id), await stockOf(disc!._id), await stockOf(hardware!._id)]).toEqual([3, 0, 10]);
    expect(await Order.countDocuments({ "lines.partId": hardware!._id })).toBe(0);
  });

  it("the same part on two lines is counted once against its stock", async () => {
    const [part] = await makeParts([4]);
    await expect(placeOrderLines(checkout([line(part!, 3), line(part!, 2)]))).rejects.toThrow(`Only 4 left of ${part!.partsname}.`);
    const { order } = await placeOrderLines(checkout([line(part!, 2), line(part!, 2)]));
    expect(order.lines).toHaveLength(1);
    expect(await stockOf(part!._id)).toBe(0);
  });

  it("refuses a quantity outside a part's rules, a part not in the catalogue and bad lines, taking nothing", async () => {
    const [part, other] = await makeParts([10, 10]);
    await Part.updateOne({ _id: other!._id }, { $set: { minOrder: 2 } });
    await expect(placeOrderLines(checkout([line(part!), line(other!, 1)]))).rejects.toThrow(`${other!.partsname}: Min Order 2 Max order 10`);
    await expect(placeOrderLines(checkout([line(part!), { partId: "0123456789abcdef01234567", quantity: 1 }]))).rejects.toThrow("no longer in the catalogue");
    await expect(placeOrderLines(checkout([]))).rejects.toThrow("at least one part");
    await expect(placeOrderLines(checkout(Array.from({ length: 51 }, () => line(part!))))).rejects.toThrow("at most 50");
    await expect(placeOrderLines(checkout([line(part!)], { name: "" }))).rejects.toThrow();
    expect([await stockOf(part!._id), await stockOf(other!._id)]).toEqual([10, 10]);
  });

  it("two customers racing for overlapping parts: one order, the other refused naming the shared part, its other part untouched", async () => {
    for (let round = 0; round < 5; round++) {
      const [p1, p2, p3] = await makeParts([5, 1, 5]);
      const results = await Promise.allSettled([
        placeOrderLines(checkout([line(p1!), line(p2!)], { email: "a@example.com" })),
        placeOrderLines(checkout([line(p2!), line(p3!)], { email: "b@example.com" })),
      ]);
      const placed = results.filter((result) => result.status === "fulfilled");
      const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as ShortLinesError] : []));
      expect(placed).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(ShortLinesError);
      expect(refused[0]!.shortLines).toEqual([{ partId: String(p2!._id), partsname: p2!.partsname, wanted: 1, available: 0 }]);
      const aWon = results[0]!.status === "fulfilled";
      expect([await stockOf(p1!._id), await stockOf(p2!._id), await stockOf(p3!._id)]).toEqual(aWon ? [4, 0, 5] : [5, 0, 4]);
    }
  });

  it("50 concurrent checkouts of 3 lines over 20 parts: no oversell, stock conserved per part, every acknowledged order stored", async () => {
    const START = 8;
    const parts = await makeParts(Array.from({ length: 20 }, () => START));
    const ids = parts.map((part) => part._id);
    const pick = () => {
      const chosen = new Set<number>();
      while (chosen.size < 3) chosen.add(Math.floor(Math.random() * parts.length));
      return [...chosen].map((i) => line(parts[i]!, 1 + Math.floor(Math.random() * 3)));
    };
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => placeOrderLines(checkout(pick(), { email: `crowd${i}@example.com` }))));
    const acknowledged = results.flatMap((result) => (result.status === "fulfilled" ? [result.value.order] : []));
    const refusals = results.flatMap((result) => (result.status === "rejected" ? [result.reason as Error] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const refusal of refusals) expect(refusal, String(refusal)).toBeInstanceOf(ShortLinesError);
    for (const order of acknowledged) expect((await Order.findById(order._id).lean())?.lines).toHaveLength(3);
    const units = await orderedUnits(ids);
    for (const part of parts) {
      const left = await stockOf(part._id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + units.get(String(part._id))!, part.partsname).toBe(START);
    }
    expect(await unsettledJournalEntries(ids)).toBe(0);
    await expect.poll(async () => StockLock.countDocuments({ _id: trusted({ $in: ids.map((id) => `part:${String(id)}`) }) }), { timeout: 5_000 }).toBe(0);
  });

  it("an order with a part whose lock another server holds waits for it alone: other orders are placed meanwhile", async () => {
    const [held, p1, p2, p3] = await makeParts([5, 5, 5, 5]);
    await StockLock.collection.insertOne({ _id: `part:${String(held!._id)}`, token: "another server", expiresAt: new Date(Date.now() + 60_000) } as never);
    let waitingPlaced = false;
    const waiting = placeOrderLines(checkout([line(p1!), line(held!, 2)])).then((placed) => ((waitingPlaced = true), placed));
    const others = await Promise.all([placeOrderLines(checkout([line(p2!), line(p3!)])), placeOrderLines(checkout([line(p3!, 2)]))]);
    expect(others.map(({ order }) => order.lines.length)).toEqual([2, 1]);
    expect(waitingPlaced).toBe(false);
    expect([await stockOf(held!._id), await stockOf(p1!._id)]).toEqual([5, 5]);
    await StockLock.deleteOne({ _id: `part:${String(held!._id)}` });
    expect((await waiting).order.lines.map((l) => l.quantity)).toEqual([1, 2]);
    expect([await stockOf(held!._id), await stockOf(p1!._id), await stockOf(p2!._id), await stockOf(p3!._id)]).toEqual([3, 4, 4, 2]);
  });

  it("one-part orders and orders of several parts on the same parts exclude each other: stock conserved", async () => {
    const START = 30;
    const parts = await makeParts([START, START, START]);
    const ids = parts.map((part) => part._id);
    const results = await Promise.allSettled([
      ...Array.from({ length: 12 }, (_, i) => placeOrderLines(checkout(parts.map((part) => line(part, 1 + (i % 2))), { email: `mix${i}@example.com` }))),
      ...Array.from({ length: 24 }, (_, i) => placeOrder({ partId: String(parts[i % 3]!._id), quantity: 2, name: "One Part", email: `one${i}@example.com`, phone: "555-0100", address: "1 Road" })),
    ]);
    expect(results.filter((result) => result.status === "fulfilled").length).toBeGreaterThan(0);
    const units = await orderedUnits(ids);
    for (const part of parts) expect((await stockOf(part._id)) + units.get(String(part._id))!).toBe(START);
    expect(await unsettledJournalEntries(ids)).toBe(0);
  });

  it("a one-part order is stored as an order of one line, numbered, delivered standard and free, paid in cash on delivery", async () => {
    const [part] = await makeParts([5], 12.5);
    const view = await placeOrder({ partId: String(part!._id), quantity: 2, name: "One Part", email: "one@example.com", phone: "555-0100", address: "1 Road" });
    const stored = (await Order.findById(view._id).lean())!;
    expect(stored.lines?.map((l) => [String(l.partId), l.quantity, l.unitPrice, l.total])).toEqual([[String(part!._id), 2, 12.5, 25]]);
    expect(stored.number).toMatch(/^AP-\d{6}$/);
    expect([stored.subtotal, stored.total, stored.deliveryMethod, stored.deliveryPrice, stored.paymentMethod, stored.paymentStatus]).toEqual([25, 25, "standard", 0, "cash-on-delivery", "unpaid"]);
    expect(view.number).toBe(stored.number);
  });
});

describe("changes of an order of several parts", () => {
  it("holding every line's part lock empties each part's journal: an order deleted then is never taken for one never stored", async () => {
    const parts = await makeParts([10, 10, 10]);
    const { order } = await placeOrderLines(checkout(parts.map((part) => line(part, 2))));
    const journalled = async () => Promise.all(parts.map(async (part) => ((await Part.findById(part._id).select("+stockTakenFor").lean())?.stockTakenFor ?? []).length));
    expect(await journalled()).toEqual([1, 1, 1]);
    await withPartLocks(parts.map((part) => part._id).reverse(), async () => {
      await Order.deleteOne({ _id: order._id });
    });
    expect(await journalled()).toEqual([0, 0, 0]);
    // The next order of these parts settles nothing: the deleted order's units are the change's to put back, not the journal's.
    await placeOrderLines(checkout(parts.map((part) => line(part, 1))));
    expect(await Promise.all(parts.map((part) => stockOf(part._id)))).toEqual([7, 7, 7]);
  });
});

describe("idempotency and prices", () => {
  it("the same key again, one after the other, gets the same order back, placed once", async () => {
    const [part] = await makeParts([10]);
    const attempt = checkout([line(part!, 2)], { idempotencyKey: "attempt-sequential-0001" });
    const first = await placeOrderLines(attempt);
    const again = await placeOrderLines(attempt);
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.order._id).toBe(first.order._id);
    expect(again.order.number).toBe(first.order.number);
    expect(await stockOf(part!._id)).toBe(8);
    // Another customer's same key is another attempt.
    const theirs = await placeOrderLines({ ...attempt, email: "someone-else@example.com" });
    expect(theirs.replayed).toBe(false);
    expect(await stockOf(part!._id)).toBe(6);
  });

  it("the same key sent five times at once places one order, and every reply names it", async () => {
    const [part, other] = await makeParts([10, 10]);
    const attempt = checkout([line(part!), line(other!)], { idempotencyKey: "attempt-concurrent-0001" });
    const replies = await Promise.all(Array.from({ length: 5 }, () => placeOrderLines(attempt)));
    expect(new Set(replies.map((reply) => reply.order._id)).size).toBe(1);
    expect(replies.filter((reply) => !reply.replayed)).toHaveLength(1);
    expect(await Order.countDocuments({ partId: part!._id })).toBe(1);
    expect([await stockOf(part!._id), await stockOf(other!._id)]).toEqual([9, 9]);
  });

  it("a price changed since the review: refused with the new total, nothing taken; placed with the new total", async () => {
    const [pads, disc] = await makeParts([10, 10], 30);
    const reviewed = 2 * 30 + 30 + 9.95;
    await Part.updateOne({ _id: disc!._id }, { $set: { price: 45 } });
    const attempt = checkout([line(pads!, 2), line(disc!)], { expectedTotal: reviewed, idempotencyKey: "attempt-prices-0001" });
    const refused = await placeOrderLines(attempt).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PricesChangedError);
    expect((refused as PricesChangedError).total).toBe(105);
    expect((refused as PricesChangedError).message).toBe("Prices changed since you reviewed your order: the total is now $105.");
    expect([await stockOf(pads!._id), await stockOf(disc!._id)]).toEqual([10, 10]);
    expect(await Order.countDocuments({ partId: pads!._id })).toBe(0);
    const { order, replayed } = await placeOrderLines({ ...attempt, expectedTotal: 105 });
    expect(replayed).toBe(false);
    expect(order.total).toBe(105);
    expect(order.deliveryPrice).toBe(0);
    expect([await stockOf(pads!._id), await stockOf(disc!._id)]).toEqual([8, 9]);
  });
});
