import mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { listAllOrders, listOrdersFor } from "@/lib/orders/queries";
import { ordersSummary } from "@/lib/orders/queries";
import { seedDatabase } from "@/lib/seed/seed";
import { Order } from "@/models/Order";

// A shop whose database was made before the order lists and day totals existed: its orders must
// show once the server has started (npm start seeds first), without an operator's reindex.

beforeAll(async () => {
  await connectDb();
});

describe("a database made before the order lists", () => {
  it("gets its lists and day totals from its orders at the seed, once", async () => {
    const now = new Date();
    const order = (i: number) => ({
      partId: new mongoose.Types.ObjectId(), partsname: `Old order ${i}`, unitPrice: 5, quantity: 1, total: 5, name: "Old", email: "old@example.com",
      phone: "1", address: "A", status: "placed", createdAt: new Date(now.getTime() - i * 1000), updatedAt: now,
    });
    await Order.collection.insertMany([order(1), order(2)]);
    expect((await listAllOrders({})).total).toBe(0);

    await seedDatabase({ NODE_ENV: "test" });
    expect((await listAllOrders({})).total).toBe(2);
    expect((await listOrdersFor("old@example.com")).map((o) => o.partsname)).toEqual(["Old order 1", "Old order 2"]);
    // Placed before payments existed: cash on delivery, not delivered yet, so not paid: counted as orders, not as revenue.
    expect(await ordersSummary(30)).toMatchObject({ orders: 2, revenue: 0 });
    expect((await listOrdersFor("old@example.com")).map((o) => [o.paymentMethod, o.paymentStatus])).toEqual([["cash-on-delivery", "unpaid"], ["cash-on-delivery", "unpaid"]]);

    // Indexed now: a later import waits for the operator's reindex, as the seed does not scan again.
    await Order.collection.insertMany([order(3)]);
    await seedDatabase({ NODE_ENV: "test" });
    expect((await listAllOrders({})).total).toBe(2);
  }, 60_000);
});
