import { Types } from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { completeInterruptedWrites } from "@/lib/maintenance/interrupted-writes";
import { cancelUnpaidTransfer, changeOrderStatus, deleteOrder, markOrderPaid } from "@/lib/orders/commands";
import { dayOf, readDayTotals } from "@/lib/orders/day-totals";
import { ALL_ORDERS, UNPAID_TRANSFERS, customerList, statusList } from "@/lib/orders/order-lists";
import { expireUnpaidTransfers } from "@/lib/orders/unpaid-transfers";
import { ensureIndexes } from "@/lib/seed/seed";
import { ListJournal } from "@/lib/storage/models/ListJournal";
import { locksHeldElsewhere } from "../support/locks-held-elsewhere";
import type { AccountView } from "@/lib/users/views";
import { toCents } from "@/lib/validation/orders";
import { Order, ORDER_STATUSES } from "@/models/Order";
import { ScheduledRun } from "@/models/ScheduledRun";
import { makePart, stockOf } from "../support/api";
import { type Placed, placeLines } from "../support/order-lines";

// An order of several lines after it is placed: a cancel or a delete puts every line's units back
// exactly once, also when cut short and completed later; a bank transfer is marked paid, cash is
// paid on delivery, and the day's revenue counts paid orders only; unpaid transfers past the hold
// are cancelled by the scheduled job.

const ADMIN = { role: "admin", email: "admin@example.com" } as AccountView;
const CUSTOMER = "lines@example.com";
const START = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A lock held here makes a change reaching it fail after its order is written. */
const { hold, letGo } = locksHeldElsewhere();

/** Stock on the shelf plus the units of this part's lines in orders not cancelled: START when nothing was lost or doubled. */
async function conserved(partId: string): Promise<number> {
  const orders = await Order.find({ "lines.partId": new Types.ObjectId(partId) }).lean<Placed[]>();
  const held = orders.filter((order) => order.status !== "cancelled").flatMap((order) => order.lines ?? []).filter((line) => String(line.partId) === partId);
  return (await stockOf(partId))! + held.reduce((sum, line) => sum + line.quantity, 0);
}

/** Every list and every day total that disagrees with the orders: revenue counts paid orders not cancelled. */
async function disagreements(): Promise<string[]> {
  const orders = await Order.find({}).lean<Placed[]>();
  const wrong: string[] = [];
  const compare = async (list: { name: string; wholeIds(): Promise<string[]> }, wanted: Placed[]) => {
    const listed = (await list.wholeIds()).sort();
    const ids = wanted.map((order) => String(order._id)).sort();
    if (JSON.stringify(listed) !== JSON.stringify(ids)) wrong.push(`${list.name}: lists ${listed.length}, orders ${ids.length}`);
  };
  await compare(ALL_ORDERS, orders);
  await compare(customerList(CUSTOMER), orders);
  for (const status of ORDER_STATUSES) await compare(statusList(status), orders.filter((order) => order.status === status));
  await compare(UNPAID_TRANSFERS, orders.filter((order) => order.paymentMethod === "bank-transfer" && order.paymentStatus === "unpaid" && order.status !== "cancelled"));
  const counted = orders.filter((order) => order.status !== "cancelled");
  for (const totals of await readDayTotals([...new Set(orders.map((order) => dayOf(order.createdAt)))])) {
    const own = counted.filter((order) => dayOf(order.createdAt) === totals._id);
    // Orders stored before payments existed counted when placed.
    const cents = own.filter((order) => order.paymentStatus !== "unpaid").reduce((sum, order) => sum + toCents(order.total), 0);
    if (totals.orders !== own.length || totals.revenueCents !== cents) wrong.push(`${totals._id}: totals ${totals.orders}/${totals.revenueCents}, orders ${own.length}/${cents}`);
  }
  return wrong;
}

const newParts = async (count: number) => Promise.all(Array.from({ length: count }, async () => String((await makePart({ quantity: START, price: 12.5 }))._id)));

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("cancelling and deleting an order of several lines", () => {
  it("a cancel puts every line's units back once; a second cancel is refused and changes nothing", async () => {
    const [a, b, c] = await newParts(3);
    const order = await placeLines([[a!, 2], [b!, 3], [c!, 1]]);
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([START - 2, START - 3, START - 1]);
    const cancelled = await changeOrderStatus(String(order._id), "cancelled");
    expect(cancelled.status).toBe("cancelled");
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([START, START, START]);
    await expect(changeOrderStatus(String(order._id), "cancelled")).rejects.toThrow("This order is already cancelled.");
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([START, START, START]);
    expect(await disagreements()).toEqual([]);
  });

  it("a delete puts every line back once, the same part on two lines included", async () => {
    const [a, b] = await newParts(2);
    const order = await placeLines([[a!, 2], [b!, 4], [a!, 1]]);
    expect(await stockOf(a)).toBe(START - 3);
    expect(await deleteOrder(String(order._id), ADMIN)).toEqual({ deletedCount: 1 });
    expect([await stockOf(a), await stockOf(b)]).toEqual([START, START]);
    expect(await disagreements()).toEqual([]);
  });

  it("a cancel and a delete racing for one order, and orders sharing a part changed at once: stock back once each, no deadlock", async () => {
    const [a, b, c] = await newParts(3);
    const first = await placeLines([[a!, 1], [b!, 2]]);
    const second = await placeLines([[b!, 3], [c!, 1]]);
    const third = await placeLines([[c!, 2], [a!, 2]]);
    const results = await Promise.allSettled([
      changeOrderStatus(String(first._id), "cancelled"),
      deleteOrder(String(first._id), ADMIN),
      changeOrderStatus(String(second._id), "cancelled"),
      deleteOrder(String(third._id), ADMIN),
    ]);
    // The cancel and the delete of the first order both succeed or the later one finds it gone: either way its units go back once.
    expect(results.slice(2).map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
    for (const part of [a!, b!, c!]) {
      expect(await stockOf(part)).toBe(START);
      expect(await conserved(part)).toBe(START);
    }
    expect(await disagreements()).toEqual([]);
  }, 60_000);
});

describe("a change of an order of several lines cut short", () => {
  it("a cancel cut short before its lists and stock: start-up puts every line back once", async () => {
    const [a, b, c] = await newParts(3);
    const order = await placeLines([[a!, 2], [b!, 3], [c!, 4]]);
    await hold("lists:orders");
    await expect(changeOrderStatus(String(order._id), "cancelled")).rejects.toThrow();
    await letGo();
    expect((await Order.findById(order._id).lean())!.status).toBe("cancelled");
    await completeInterruptedWrites();
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([START, START, START]);
    expect(await disagreements()).toEqual([]);
    await completeInterruptedWrites();
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([START, START, START]);
  }, 60_000);

  it("a delete cut short before its lines went back: each part's next change or start-up completes its own share, once", async () => {
    const [a, b] = await newParts(2);
    const order = await placeLines([[a!, 2], [b!, 3]]);
    const other = await placeLines([[b!, 1]]);
    // The day's totals stay busy: the delete stops after its order is gone, before any line is back.
    await hold(`orderday:${dayOf(order.createdAt)}`);
    await expect(deleteOrder(String(order._id), ADMIN)).rejects.toThrow();
    await letGo();
    expect(await Order.exists({ _id: order._id })).toBeNull();
    // Part b's next change completes b's share first: b's units back, once.
    await changeOrderStatus(String(other._id), "cancelled");
    expect(await stockOf(b)).toBe(START);
    // Start-up completes a's share; nothing is counted twice.
    await completeInterruptedWrites();
    expect([await stockOf(a), await stockOf(b)]).toEqual([START, START]);
    await completeInterruptedWrites();
    expect([await stockOf(a), await stockOf(b)]).toEqual([START, START]);
    expect(await disagreements()).toEqual([]);
  }, 60_000);

  it("a note stored in the one-part form, before orders had lines, is still completed once", async () => {
    const [a] = await newParts(1);
    const order = await placeLines([[a!, 5]], { paymentMethod: "none, as before payments existed" });
    await Order.updateOne({ _id: order._id }, { $set: { status: "cancelled" } });
    const oldNote = { order: String(order._id), partId: a!, email: CUSTOMER, status: "placed", createdAt: order.createdAt, total: order.total, quantity: 5, to: "cancelled" };
    await ListJournal.collection.insertOne({ _id: `order-change:${a!}`, token: "one-part-note", entry: oldNote, at: new Date() } as never);
    await completeInterruptedWrites();
    expect(await stockOf(a)).toBe(START);
    await completeInterruptedWrites();
    expect(await stockOf(a)).toBe(START);
    expect(await disagreements()).toEqual([]);
  }, 60_000);
});

describe("payments and revenue", () => {
  const todaysRevenue = async () => (await readDayTotals([dayOf(new Date())]))[0]!.revenueCents;

  it("a bank transfer counts in revenue once marked paid, and leaves it when cancelled", async () => {
    const [a, b] = await newParts(2);
    const before = await todaysRevenue();
    const order = await placeLines([[a!, 2], [b!, 1]]);
    expect(await todaysRevenue()).toBe(before);
    const paid = await markOrderPaid(String(order._id));
    expect(paid.paymentStatus).toBe("paid");
    expect((await Order.findById(order._id).lean())!.paidAt).toBeInstanceOf(Date);
    expect(await todaysRevenue()).toBe(before + toCents(order.total));
    await expect(markOrderPaid(String(order._id))).rejects.toThrow("This order is already paid.");
    expect(await todaysRevenue()).toBe(before + toCents(order.total));
    await changeOrderStatus(String(order._id), "cancelled");
    expect(await todaysRevenue()).toBe(before);
    expect(await disagreements()).toEqual([]);
  });

  it("cash on delivery is paid when delivered, and cannot be marked paid by hand; a cancelled order cannot be paid", async () => {
    const [a] = await newParts(1);
    const before = await todaysRevenue();
    const cash = await placeLines([[a!, 1]], { paymentMethod: "cash-on-delivery" });
    await expect(markOrderPaid(String(cash._id))).rejects.toThrow("A cash-on-delivery order is paid when it is marked delivered, not by hand.");
    await changeOrderStatus(String(cash._id), "shipped");
    expect(await todaysRevenue()).toBe(before);
    const delivered = await changeOrderStatus(String(cash._id), "delivered");
    expect(delivered.paymentStatus).toBe("paid");
    expect(await todaysRevenue()).toBe(before + toCents(cash.total));
    const transfer = await placeLines([[a!, 1]]);
    await changeOrderStatus(String(transfer._id), "cancelled");
    await expect(markOrderPaid(String(transfer._id))).rejects.toThrow("This order is cancelled; there is nothing to pay.");
    expect(await disagreements()).toEqual([]);
  });
});

describe("unpaid bank transfers past the hold", () => {
  it("are cancelled and restocked, oldest first; paid, fresh and cash orders stay; a run soon after does nothing", async () => {
    await ScheduledRun.deleteMany({});
    const [a, b] = await newParts(2);
    const old = (days: number) => new Date(Date.now() - days * DAY_MS);
    const expired = await placeLines([[a!, 2], [b!, 3]], { createdAt: old(9) });
    const paidOld = await placeLines([[a!, 1]], { createdAt: old(10) });
    await markOrderPaid(String(paidOld._id));
    const cashOld = await placeLines([[b!, 1]], { paymentMethod: "cash-on-delivery", createdAt: old(12) });
    const fresh = await placeLines([[a!, 1]], { createdAt: old(2) });
    expect(await expireUnpaidTransfers()).toBe(1);
    const statuses = await Promise.all([expired, paidOld, cashOld, fresh].map(async (order) => (await Order.findById(order._id).lean())!.status));
    expect(statuses).toEqual(["cancelled", "placed", "placed", "placed"]);
    expect(await conserved(a!)).toBe(START);
    expect(await conserved(b!)).toBe(START);
    expect(await expireUnpaidTransfers()).toBeNull();
    // Cancelling one placed since the cutoff is refused even when asked directly.
    expect(await cancelUnpaidTransfer(String(fresh._id), old(7))).toBe(false);
    expect(await disagreements()).toEqual([]);
  }, 60_000);
});
