import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/db";
import { ensureIndexes } from "@/lib/seed/seed";
import { returnStock, takeStock } from "@/lib/stock";
import { Part } from "@/models/Part";

async function partWithStock(quantity: number) {
  return Part.create({ partsname: `Stock ${quantity} ${Math.random()}`, image: "/x.svg", price: 5, quantity, description: "d" });
}

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
