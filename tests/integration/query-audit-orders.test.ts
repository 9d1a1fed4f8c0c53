import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { changeOrderStatus, deleteOrder } from "@/lib/orders/commands";
import { placeOrder } from "@/lib/orders/place-order";
import { ONE_QUERY_ORDERS, listAllOrders, listOrdersFor } from "@/lib/orders/queries";
import { reindexOrders } from "@/lib/orders/reindex";
import { ordersSummary } from "@/lib/orders/queries";
import { ensureIndexes } from "@/lib/seed/seed";
import { settleAllInterruptedOrders } from "@/lib/stock/part-stock";
import type { AccountView } from "@/lib/users/views";
import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { StockLock } from "@/lib/storage/models/StockLock";
import { describeQuery, problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// Every read of the orders domain that a request (or the start-up) makes, on more orders than a
// page: each read is engine-shaped (tests/support/query-audit.ts) and a call sends a fixed number
// of them: the list's directory and chunk, then one read by id per order shown, whatever the
// number of orders stored.

const CUSTOMER = "many-orders@example.com";
const ADMIN: AccountView = { email: "admin@example.com", name: "Admin", image: "", role: "admin" };
const ROWS = MAX_PAGE_SIZE + 30;
const OTHERS = 35;
/** A customer with too many orders for one query: their pages are read from their list. */
const BIG_CUSTOMER = "lifelong@example.com";
const BIG = ONE_QUERY_ORDERS + 5;
const ALL = ROWS + OTHERS + BIG;
const LAST_PAGE = Math.ceil(ALL / 20);
/** The other customers' orders are placed but for the last five: every status has a list. */
const otherStatus = (i: number) => (i < OTHERS - 5 ? "placed" : i < OTHERS - 2 ? "cancelled" : "delivered");
/** Placed orders: two in three of the customer's, and most of the others'. */
const PLACED = Array.from({ length: ROWS }, (_, i) => i % 3 !== 0).filter(Boolean).length + OTHERS - 5;

let part: { _id: mongoose.Types.ObjectId };
const recent = (i: number) => new Date(Date.now() - i * 60_000);

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  startQueryRecorder();
  part = await Part.create({ partsname: "Audited part", image: "/x.svg", price: 10, quantity: 10_000, description: "d" });
  const order = (email: string, i: number, status: string) => ({
    partId: part._id, partsname: "Audited part", unitPrice: 10, quantity: 1, total: 10, name: "Customer", email, phone: "555-0100", address: "1 Main Street", status, createdAt: recent(i),
  });
  await Order.insertMany([
    ...Array.from({ length: ROWS }, (_, i) => order(CUSTOMER, i, i % 3 ? "placed" : "shipped")),
    ...Array.from({ length: OTHERS }, (_, i) => order(`other${i}@example.com`, ROWS + i, otherStatus(i))),
    ...Array.from({ length: BIG }, (_, i) => order(BIG_CUSTOMER, ROWS + OTHERS + i, "delivered")),
  ]);
  await reindexOrders();
}, 120_000);

afterAll(() => stopQueryRecorder());

type Audited = { call: string; run: () => Promise<unknown>; queries: number; items?: (result: unknown) => number; rows?: number };

const ordersOf = (result: unknown) => (result as { orders: unknown[] }).orders.length;
const length = (result: unknown) => (result as unknown[]).length;
/** A list page: the list's directory, its one chunk, then each order of the page by id. */
const page = (orders: number) => 2 + orders;

const LISTS: Audited[] = [
  { call: "listAllOrders page 1 (Manage All Orders, GET /orders)", run: () => listAllOrders({ page: 1, limit: 20 }), queries: page(20), items: ordersOf, rows: 20 },
  { call: "listAllOrders page 2", run: () => listAllOrders({ page: 2, limit: 20 }), queries: page(20), items: ordersOf, rows: 20 },
  { call: "listAllOrders last page", run: () => listAllOrders({ page: LAST_PAGE, limit: 20 }), queries: page(ALL % 20 || 20), items: ordersOf, rows: ALL % 20 || 20 },
  { call: "listAllOrders({ status: placed }) page 1", run: () => listAllOrders({ status: "placed", page: 1, limit: 20 }), queries: page(20), items: ordersOf, rows: 20 },
  { call: "listAllOrders({ status: placed }) page 2", run: () => listAllOrders({ status: "placed", page: 2, limit: 20 }), queries: page(20), items: ordersOf, rows: 20 },
  {
    call: "listAllOrders({ status: placed }) last page",
    run: () => listAllOrders({ status: "placed", page: Math.ceil(PLACED / 20), limit: 20 }),
    queries: page(PLACED % 20 || 20),
    items: ordersOf,
    rows: PLACED % 20 || 20,
  },
  // A customer with up to ONE_QUERY_ORDERS orders: the list's directory, then one query by email.
  { call: "listOrdersFor(email) without limit (GET /orders/{email})", run: () => listOrdersFor(CUSTOMER), queries: 2, items: length, rows: MAX_PAGE_SIZE },
  { call: "listOrdersFor(email, { limit: 21, skip: 20 }) (My Orders page 2)", run: () => listOrdersFor(CUSTOMER, { limit: 21, skip: 20 }), queries: 2, items: length, rows: 21 },
  // Beyond it: the size read, then a list page.
  { call: "listOrdersFor(email with more orders than one query reads, page 2)", run: () => listOrdersFor(BIG_CUSTOMER, { limit: 21, skip: 20 }), queries: 1 + page(21), items: length, rows: 21 },
  { call: "ordersSummary(30): one document per day, by id", run: () => ordersSummary(30), queries: 30 },
  { call: "settleAllInterruptedOrders() with no lock left behind (start-up)", run: () => settleAllInterruptedOrders(), queries: 1 },
];

describe("query audit of the orders domain: engine-shaped reads, a fixed number per call", () => {
  it.each(LISTS)("$call", async ({ call, run, queries: expected, items, rows }) => {
    const { queries, result } = await queriesOf(run);
    expect(problemsOf(call, queries), call).toEqual([]);
    expect(queries.map(describeQuery), call).toHaveLength(expected);
    if (items) expect(items(result), `${call} returns a page`).toBe(rows);
  });

  it("the lists hold every order: the totals say so without counting the collection", async () => {
    expect((await listAllOrders({ page: 1, limit: 20 })).total).toBe(ALL);
    expect((await listAllOrders({ status: "placed", page: 1, limit: 20 })).pageCount).toBe(Math.ceil(PLACED / 20));
  });

  it("placeOrder, changeOrderStatus and deleteOrder: the part, the order, and each list's directory and chunk", async () => {
    const placed = await queriesOf(() => placeOrder({ partId: String(part._id), quantity: 1, name: "Customer", email: CUSTOMER, phone: "555-0100", address: "1 Main Street" }));
    expect(problemsOf("placeOrder", placed.queries)).toEqual([]);
    // The part under its lock (once per round of orders, whatever their parts); the order numbers'
    // sequence (once per block of a hundred numbers a process hands out); three lists (all, placed, the customer's).
    expect(placed.queries.map(describeQuery)).toHaveLength(1 + 1 + 3 * 2);
    // This process wrote the part last: the next order's stock write is conditional on it as written, not read first.
    const again = await queriesOf(() => placeOrder({ partId: String(part._id), quantity: 1, name: "Customer", email: CUSTOMER, phone: "555-0100", address: "1 Main Street" }));
    expect(again.queries.map(describeQuery)).toHaveLength(3 * 2);
    await deleteOrder(again.result._id, ADMIN);

    const cancelled = await queriesOf(() => changeOrderStatus(placed.result._id, "cancelled"));
    expect(problemsOf("changeOrderStatus", cancelled.queries)).toEqual([]);
    // The order's part, the part under its lock, the part's note of a change cut short, the order again; two status lists.
    expect(cancelled.queries.map(describeQuery)).toHaveLength(4 + 2 * 2);

    const deleted = await queriesOf(() => deleteOrder(placed.result._id, ADMIN));
    expect(problemsOf("deleteOrder", deleted.queries)).toEqual([]);
    expect(deleted.queries.map(describeQuery)).toHaveLength(4 + 3 * 2);
  });

  it("settleAllInterruptedOrders with a dead server's lock: the locks, the lock, the part, each journalled order", async () => {
    const entries = [1, 2].map(() => ({ order: new mongoose.Types.ObjectId(), units: 1 }));
    await Part.updateOne({ _id: part._id }, { $set: { stockTakenFor: entries } });
    await StockLock.create({ _id: `part:${String(part._id)}`, token: "dead server", expiresAt: new Date(Date.now() - 1000) });
    const { queries, result } = await queriesOf(() => settleAllInterruptedOrders());
    expect(result).toBe(2);
    expect(problemsOf("settleAllInterruptedOrders", queries)).toEqual([]);
    expect(queries.map(describeQuery)).toHaveLength(1 + 1 + 1 + entries.length);
  });
});
