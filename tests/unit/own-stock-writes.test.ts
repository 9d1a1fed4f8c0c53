import { Types } from "mongoose";
import { describe, expect, it } from "vitest";
import { ownStockWrites } from "@/lib/storage/own-stock-writes";

type Item = { _id: Types.ObjectId; updatedAt?: Date; quantity: number; partsname: string; price: number; maxPerOrder?: number | null; stockTakenFor?: unknown[] };

const ledger = { count: "quantity", journal: "stockTakenFor", checked: ["partsname", "price", "maxPerOrder"] };
const anItem = (): Item => ({ _id: new Types.ObjectId(), updatedAt: new Date(1000), quantity: 10, partsname: "Brake pad", price: 12.5, stockTakenFor: [{ order: "x", units: 1 }] });

describe("what a process remembers of its own stock writes", () => {
  it("remembers an item as its write left it: stock taken, journal empty, time of the write", () => {
    const memory = ownStockWrites<Item>(ledger);
    const item = anItem();
    const at = new Date(2000);
    memory.rememberWritten(item, 3, at);
    const known = memory.rememberedItem(String(item._id).toUpperCase())!;
    expect(known).toMatchObject({ quantity: 7, updatedAt: at, stockTakenFor: [] });
    expect(memory.isRemembered(known)).toBe(true);
    expect(memory.isRemembered(item)).toBe(false);
  });

  it("matches the item only while it is as written, a missing field as null", () => {
    const memory = ownStockWrites<Item>(ledger);
    const item = anItem();
    expect(memory.asWritten(item)).toEqual({ _id: item._id, quantity: 10, updatedAt: item.updatedAt, partsname: "Brake pad", price: 12.5, maxPerOrder: null });
  });

  it("forgets an item another server wrote, and does not remember it for a while", () => {
    const memory = ownStockWrites<Item>(ledger);
    const item = anItem();
    memory.rememberWritten(item, 1, new Date());
    memory.contested(item._id);
    expect(memory.rememberedItem(String(item._id))).toBeUndefined();
    memory.rememberWritten(item, 1, new Date());
    expect(memory.rememberedItem(String(item._id))).toBeUndefined();
  });

  it("knows the takings it stored", () => {
    const memory = ownStockWrites<Item>(ledger);
    const order = new Types.ObjectId();
    expect(memory.knownStored({ order })).toBe(false);
    memory.rememberStored([{ order }]);
    expect(memory.knownStored({ order })).toBe(true);
  });
});
