import { Types } from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { connectDb, trusted } from "@/lib/storage/connect";
import { heldLocks, releaseLocks, takeFreeLocks } from "@/lib/storage/lock";
import { deleteOrder } from "@/lib/orders/commands";
import { placeOrder } from "@/lib/orders/place-order";
import { ensureIndexes } from "@/lib/seed/seed";
import type { AccountView } from "@/lib/users/views";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { StockLock } from "@/lib/storage/models/StockLock";
import { unsettledJournalEntries } from "../support/journals";

// Orders that arrive together, whatever their parts, are stored in one round: one write takes the
// locks of all their parts, one write takes each part's stock, one insert stores every order.

const ADMIN: AccountView = { email: "admin@example.com", name: "Admin", image: "", role: "admin" };
const order = (partId: Types.ObjectId, quantity = 1) => ({ partId: String(partId), quantity, name: "Round Buyer", email: "rounds@example.com", phone: "555-0100", address: "1 Round Road" });

async function makeParts(count: number, quantity: number) {
  return Part.insertMany(Array.from({ length: count }, (_, i) => ({ partsname: `Round ${i} ${Math.random()}`, image: "/x.svg", price: 4.5, quantity, description: "d" })));
}

const stockOf = async (id: Types.ObjectId) => (await Part.findById(id).select("+stockTakenFor").lean<{ quantity: number; stockTakenFor?: unknown[] }>())!;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("a round of orders over many parts", () => {
  it("40 concurrent orders over 20 parts with 1 unit each: 20 placed, one per part, 20 told out of stock, no lock left, no journal naming an order not stored", async () => {
    const parts = await makeParts(20, 1);
    const results = await Promise.allSettled(parts.flatMap((part) => [placeOrder(order(part._id)), placeOrder(order(part._id))]));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : []));
    expect(placed).toHaveLength(20);
    expect(refused).toEqual(Array.from({ length: 20 }, () => "This part is out of stock."));
    for (const part of parts) {
      expect((await stockOf(part._id)).quantity).toBe(0);
      expect(await Order.countDocuments({ partId: part._id })).toBe(1);
    }
    // A round is answered once its orders are stored and lets its locks go just after; its journals
    // name the stored orders until each part's next order replaces them.
    const leftBehind = async () => {
      const locks = await Promise.all(parts.map((part) => StockLock.exists({ _id: `part:${String(part._id)}` })));
      return (await unsettledJournalEntries(parts.map((part) => part._id))) + locks.filter(Boolean).length;
    };
    await expect.poll(leftBehind, { timeout: 5_000 }).toBe(0);
  });

  it("a part whose lock another server holds waits alone: the other parts' orders are placed meanwhile, its own once the lock is let go", async () => {
    const [held, ...free] = await makeParts(4, 5);
    await StockLock.collection.insertOne({ _id: `part:${String(held!._id)}`, token: "another server", expiresAt: new Date(Date.now() + 60_000) } as never);
    let heldPlaced = false;
    const waiting = placeOrder(order(held!._id, 2)).then((view) => ((heldPlaced = true), view));
    const others = await Promise.all(free.map((part) => placeOrder(order(part._id, 3))));
    expect(others.map((view) => view.quantity)).toEqual([3, 3, 3]);
    expect(heldPlaced).toBe(false);
    expect((await stockOf(held!._id)).quantity).toBe(5);
    await StockLock.deleteOne({ _id: `part:${String(held!._id)}` });
    expect((await waiting).quantity).toBe(2);
    expect((await stockOf(held!._id)).quantity).toBe(3);
    for (const part of free) expect((await stockOf(part._id)).quantity).toBe(2);
  });

  it("a journal of stored orders stays until the part's next order replaces it, and is emptied before an order of it is deleted", async () => {
    const [part] = await makeParts(1, 5);
    const first = await placeOrder(order(part!._id, 2));
    // Left by the round (no write to empty it): it names the stored order only.
    await expect.poll(async () => (await stockOf(part!._id)).stockTakenFor?.length ?? 0).toBe(1);
    const second = await placeOrder(order(part!._id, 1));
    const journal = (await stockOf(part!._id)).stockTakenFor as { order: Types.ObjectId }[];
    expect(journal.map((entry) => String(entry.order))).toEqual([second._id]);
    expect((await stockOf(part!._id)).quantity).toBe(2);

    // Another server (or this one after a restart) settling it later must not take that order for
    // one never stored once it is deleted: the delete empties the journal first.
    await deleteOrder(second._id, ADMIN);
    const after = await stockOf(part!._id);
    expect(after.stockTakenFor ?? []).toEqual([]);
    expect(after.quantity).toBe(3);
    expect(await Order.exists({ _id: first._id })).toBeTruthy();
  });

  it("a journal of stored orders left by another server is replaced, not settled: no units come back", async () => {
    const [part] = await makeParts(1, 5);
    const theirs = await Order.create({ partId: part!._id, partsname: "Theirs", unitPrice: 4.5, quantity: 2, total: 9, name: "Other Buyer", email: "other@example.com", phone: "555-0100", address: "2 Other Road" });
    await Part.updateOne({ _id: part!._id }, { $set: { quantity: 3, stockTakenFor: [{ order: theirs._id, units: 2 }] } });
    const mine = await placeOrder(order(part!._id, 1));
    const now = await stockOf(part!._id);
    expect(now.quantity).toBe(2);
    expect((now.stockTakenFor as { order: Types.ObjectId }[]).map((entry) => String(entry.order))).toEqual([mine._id]);
  });

  describe("a part this process last wrote, changed since by another server or in a shell", () => {
    // The first order leaves the part remembered as written; each change below comes from outside
    // this process, so only the conditional stock write can notice it.
    const remembered = async (quantity: number) => {
      const [part] = await makeParts(1, quantity + 1);
      await placeOrder(order(part!._id, 1));
      return part!;
    };

    it("a new price set by another server's admin is the price of the next order", async () => {
      const part = await remembered(10);
      await Part.updateOne({ _id: part._id }, { $set: { price: 7.25 } });
      const next = await placeOrder(order(part._id, 2));
      expect(next.unitPrice).toBe(7.25);
      expect(next.price).toBe(14.5);
      expect((await stockOf(part._id)).quantity).toBe(8);
    });

    it("a name changed in a shell, its update time left as it was, is the name on the next order", async () => {
      const part = await remembered(10);
      await Part.collection.updateOne({ _id: part._id }, { $set: { partsname: "Renamed in a shell" } });
      const next = await placeOrder(order(part._id, 1));
      expect(next.partsname).toBe("Renamed in a shell");
      expect((await stockOf(part._id)).quantity).toBe(9);
    });

    it("stock raised elsewhere fills an order the remembered stock could not", async () => {
      const part = await remembered(1);
      await Part.updateOne({ _id: part._id }, { $inc: { quantity: 10 } });
      expect((await placeOrder(order(part._id, 5))).quantity).toBe(5);
      expect((await stockOf(part._id)).quantity).toBe(6);
    });

    it("stock lowered in a shell refuses an order the remembered stock would fill, and takes nothing", async () => {
      const part = await remembered(10);
      await Part.collection.updateOne({ _id: part._id }, { $set: { quantity: 2 } });
      await expect(placeOrder(order(part._id, 5))).rejects.toThrow("Only 2 in stock.");
      expect((await stockOf(part._id)).quantity).toBe(2);
      expect(await Order.countDocuments({ partId: part._id })).toBe(1);
      expect(await unsettledJournalEntries([part._id])).toBe(0);
    });

    it("in a round over several parts, only the part changed elsewhere goes again: the others' stock is taken once", async () => {
      const parts = await makeParts(3, 10);
      await Promise.all(parts.map((part) => placeOrder(order(part._id, 1))));
      const [first, changed, last] = parts;
      await Part.collection.updateOne({ _id: changed!._id }, { $set: { price: 6 } });
      const placed = await Promise.all(parts.map((part) => placeOrder(order(part._id, 2))));
      expect(placed.map((view) => view.unitPrice)).toEqual([4.5, 6, 4.5]);
      for (const part of [first!, changed!, last!]) {
        expect((await stockOf(part._id)).quantity).toBe(7);
        expect(await Order.countDocuments({ partId: part._id })).toBe(2);
      }
      expect(await unsettledJournalEntries(parts.map((part) => part._id))).toBe(0);
    });
  });

  it("locks taken together are let go together, all but one another holder took over", async () => {
    const keys = ["together:a", "together:b", "together:c"];
    const held = await takeFreeLocks(keys);
    expect([...held.keys]).toEqual(keys);
    // The holder stalled past the lock's expiry and another took "b" over.
    await StockLock.deleteOne({ _id: "together:b" });
    await StockLock.collection.insertOne({ _id: "together:b", token: "the new holder", expiresAt: new Date(Date.now() + 60_000) } as never);
    expect([...(await heldLocks(held))].sort()).toEqual(["together:a", "together:c"]);
    await releaseLocks(held);
    expect((await StockLock.find({ _id: trusted({ $in: keys }) }).lean()).map((lock) => lock.token)).toEqual(["the new holder"]);
    await StockLock.deleteOne({ _id: "together:b" });
  });
});

