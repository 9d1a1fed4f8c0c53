import { beforeAll, describe, expect, it } from "vitest";
import { addPart } from "@/lib/catalogue/commands";
import { connectDb } from "@/lib/storage/connect";
import { completeInterruptedWrites } from "@/lib/maintenance/interrupted-writes";
import { dayOf, inRevenue, readDayTotals } from "@/lib/orders/day-totals";
import { changeOrderStatus, deleteOrder } from "@/lib/orders/commands";
import { placeOrder } from "@/lib/orders/place-order";
import { ALL_ORDERS, customerList, statusList } from "@/lib/orders/order-lists";
import { ensureIndexes } from "@/lib/seed/seed";
import { toCents } from "@/lib/validation/orders";
import { partSchema } from "@/lib/validation/parts";
import type { AccountView } from "@/lib/users/views";
import { Order, ORDER_STATUSES, type OrderDoc } from "@/models/Order";
import { Part } from "@/models/Part";
import { locksHeldElsewhere } from "../support/locks-held-elsewhere";

// A cancel, a delete or a status move cut short after its order is written (a list or a day's
// totals that stay busy, as a crash would leave them): once the server starts again, or the part's
// next order change runs, the order lists, the day totals and the stock agree with the orders, each
// change counted once.

const ADMIN = { role: "admin", email: "admin@example.com" } as AccountView;
const CUSTOMER = "cut-short@example.com";
const START_STOCK = 20;

/** A lock held here makes a change reaching it fail after its order is written. */
const { hold, letGo } = locksHeldElsewhere();
const ORDER_LISTS = "lists:orders";
const today = () => `orderday:${dayOf(new Date())}`;

let serial = 0;
async function newPart(): Promise<string> {
  serial += 1;
  const part = await addPart(partSchema.parse({ partsname: `Cut short order part ${serial}`, image: "/parts/placeholder.svg", price: 12.5, quantity: START_STOCK, description: "For the order cut-short tests." }));
  return String(part._id);
}
const order = (partId: string, quantity: number) => placeOrder({ partId, quantity, name: "Cut Short", email: CUSTOMER, phone: "555-0100", address: "1 Cut Road" });
const stockOf = async (partId: string) => (await Part.findById(partId).lean())!.quantity;

type StoredOrder = OrderDoc & { createdAt: Date };
/** Every list and every day total that disagrees with the order documents. */
async function disagreements(): Promise<string[]> {
  const orders = await Order.find({}).lean<StoredOrder[]>();
  const wrong: string[] = [];
  const compare = async (list: { name: string; wholeIds(): Promise<string[]> }, wanted: StoredOrder[]) => {
    const listed = (await list.wholeIds()).sort();
    const ids = wanted.map((stored) => String(stored._id)).sort();
    if (JSON.stringify(listed) !== JSON.stringify(ids)) wrong.push(`${list.name}: lists ${listed.length}, orders ${ids.length}`);
  };
  await compare(ALL_ORDERS, orders);
  await compare(customerList(CUSTOMER), orders);
  for (const status of ORDER_STATUSES) await compare(statusList(status), orders.filter((stored) => stored.status === status));
  const counted = orders.filter((stored) => stored.status !== "cancelled");
  const days = [...new Set(orders.map((stored) => dayOf(stored.createdAt)))];
  for (const totals of await readDayTotals(days)) {
    const own = counted.filter((stored) => dayOf(stored.createdAt) === totals._id);
    const cents = own.filter(inRevenue).reduce((sum, stored) => sum + toCents(stored.total), 0);
    if (totals.orders !== own.length || totals.revenueCents !== cents) wrong.push(`${totals._id}: totals ${totals.orders}/${totals.revenueCents}, orders ${own.length}/${cents}`);
  }
  return wrong;
}
/** Stock on the shelf plus the units of this part's orders not cancelled: its starting stock when nothing was lost or doubled. */
async function conserved(partId: string): Promise<number> {
  const orders = await Order.find({ partId }).lean<StoredOrder[]>();
  return (await stockOf(partId)) + orders.reduce((sum, stored) => sum + (stored.status === "cancelled" ? 0 : stored.quantity), 0);
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("order changes cut short after the order is written", () => {
  it("a cancel cut short before its lists and its stock: start-up lists it as cancelled and puts its units back once", async () => {
    const partId = await newPart();
    const placed = await order(partId, 3);
    await order(partId, 2);
    expect(await disagreements()).toEqual([]);
    await hold(ORDER_LISTS);
    await expect(changeOrderStatus(placed._id, "cancelled")).rejects.toThrow();
    await letGo();
    expect((await Order.findById(placed._id).lean())!.status).toBe("cancelled");
    await completeInterruptedWrites();
    expect(await disagreements()).toEqual([]);
    expect(await stockOf(partId)).toBe(START_STOCK - 2);
    expect(await conserved(partId)).toBe(START_STOCK);
    // A second start-up finds nothing left to do: nothing counted twice.
    await completeInterruptedWrites();
    expect(await stockOf(partId)).toBe(START_STOCK - 2);
    expect(await disagreements()).toEqual([]);
  }, 60_000);

  it("a delete cut short before its day's totals and its stock: start-up takes it out of the totals and puts its units back once", async () => {
    const partId = await newPart();
    const placed = await order(partId, 4);
    await order(partId, 1);
    await hold(today());
    await expect(deleteOrder(placed._id, ADMIN)).rejects.toThrow();
    await letGo();
    expect(await Order.exists({ _id: placed._id })).toBeNull();
    await completeInterruptedWrites();
    expect(await disagreements()).toEqual([]);
    expect(await stockOf(partId)).toBe(START_STOCK - 1);
    await completeInterruptedWrites();
    expect(await stockOf(partId)).toBe(START_STOCK - 1);
    expect(await conserved(partId)).toBe(START_STOCK);
  }, 60_000);

  it("a shipment cut short before its lists is completed by the part's next order change", async () => {
    const partId = await newPart();
    const shipped = await order(partId, 1);
    const cancelled = await order(partId, 2);
    await hold(ORDER_LISTS);
    await expect(changeOrderStatus(shipped._id, "shipped")).rejects.toThrow();
    await letGo();
    await changeOrderStatus(cancelled._id, "cancelled");
    expect(await disagreements()).toEqual([]);
    expect(await stockOf(partId)).toBe(START_STOCK - 1);
    expect(await conserved(partId)).toBe(START_STOCK);
  }, 60_000);
});
