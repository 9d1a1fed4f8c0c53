import { Types } from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { connectDb, trusted } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { settleAllInterruptedOrders, withPartLock } from "@/lib/stock/part-stock";
import { Part } from "@/models/Part";
import { StockLock } from "@/lib/storage/models/StockLock";

async function partWithStock(quantity: number) {
  return Part.create({ partsname: `Stock ${quantity} ${Math.random()}`, image: "/x.svg", price: 5, quantity, description: "d" });
}

// The part's lock under test with the plainest stock writes: a conditional take and a return, each
// inside the lock, as the shop's own stock writes are.
type TakeStockResult = "taken" | "short" | "missing";
async function takeStockLocked(partId: Types.ObjectId, units: number): Promise<TakeStockResult> {
  const result = await Part.updateOne({ _id: partId, quantity: trusted({ $gte: units }) }, { $inc: { quantity: -units } });
  if (result.modifiedCount === 1) return "taken";
  return (await Part.exists({ _id: partId })) ? "short" : "missing";
}
const returnStockLocked = (partId: Types.ObjectId, units: number) => Part.updateOne({ _id: partId }, { $inc: { quantity: units } });

const takeStock = (partId: Types.ObjectId, units: number) => withPartLock(partId, () => takeStockLocked(partId, units));
const returnStock = (partId: Types.ObjectId, units: number) => withPartLock(partId, () => returnStockLocked(partId, units));

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("stock", () => {
  it("two concurrent decrements of the last unit: exactly one wins", async () => {
    const part = await partWithStock(1);
    const results = await Promise.all([takeStock(part._id, 1), takeStock(part._id, 1)]);
    expect(results.sort()).toEqual(["short", "taken"]);
    expect((await Part.findById(part._id).lean())?.quantity).toBe(0);
  });

  it("20 concurrent orders of 1 against 5 in stock: 5 taken, 15 short, stock 0", async () => {
    const part = await partWithStock(5);
    const results = await Promise.all(Array.from({ length: 20 }, () => takeStock(part._id, 1)));
    expect(results.filter((r) => r === "taken")).toHaveLength(5);
    expect(results.filter((r) => r === "short")).toHaveLength(15);
    expect((await Part.findById(part._id).lean())?.quantity).toBe(0);
  });

  it("concurrent takes and returns add up exactly", async () => {
    const part = await partWithStock(50);
    await Promise.all([
      ...Array.from({ length: 10 }, () => takeStock(part._id, 3)),
      ...Array.from({ length: 5 }, () => returnStock(part._id, 2)),
    ]);
    expect((await Part.findById(part._id).lean())?.quantity).toBe(50 - 30 + 10);
  });

  it("says when the part does not exist", async () => {
    const part = await partWithStock(1);
    await Part.deleteOne({ _id: part._id });
    expect(await takeStock(part._id, 1)).toBe("missing");
  });
});

describe("start-up settling", () => {
  it("settles the journal of every part whose lock a dead server left behind, and leaves other parts alone", async () => {
    // A dead holder's parts: stock taken for orders never stored, and the lock still held (expired).
    const locked = 12;
    const docs = Array.from({ length: locked * 2 }, (_, i) => ({
      partsname: `Journal ${i}`,
      image: "/x.svg",
      price: 5,
      quantity: 10,
      description: "d",
      ...(i % 2 === 0 ? { stockTakenFor: [{ order: new Types.ObjectId(), units: 2 }] } : {}),
    }));
    const parts = await Part.insertMany(docs);
    await StockLock.insertMany(
      parts.filter((_, i) => i % 2 === 0).map((part) => ({ _id: `part:${String(part._id)}`, token: "dead server", expiresAt: new Date(Date.now() - 1000) })),
    );
    expect(await settleAllInterruptedOrders()).toBe(locked);
    const after = await Part.find({ partsname: /^Journal / }, { quantity: 1, stockTakenFor: 1 }).lean<{ quantity: number; stockTakenFor?: unknown[] }[]>();
    // The orders were never stored: their units came back, and no journal is left.
    expect(after.filter((p) => p.quantity === 12)).toHaveLength(locked);
    expect(after.filter((p) => p.quantity === 10)).toHaveLength(locked);
    expect(after.every((p) => (p.stockTakenFor?.length ?? 0) === 0)).toBe(true);
    expect(await StockLock.countDocuments()).toBe(0);
    expect(await settleAllInterruptedOrders()).toBe(0);
  }, 120_000);
});
