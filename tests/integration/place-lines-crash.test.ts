import { spawn } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { connectDb, trusted } from "@/lib/storage/connect";
import { Types } from "mongoose";
import { StockLock } from "@/lib/storage/models/StockLock";
import { type LockedPart, partTake, settleAllInterruptedOrders, takeStockForOrdersLocked } from "@/lib/stock/part-stock";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { unsettledJournalEntries } from "../support/journals";

// Checkouts of several parts stream from a process killed by SIGKILL mid-burst; then the start-up
// settling runs, as a restarted server runs it. Every acknowledged order must be stored, whole, and
// for every part the stock left plus the units of stored orders must equal the starting stock: no
// order's take survives on some parts without the order.

const START_STOCK = 400;

beforeAll(async () => {
  await connectDb();
});

/** Runs the burst; resolves with the acknowledged order ids once it was killed after `acknowledgedBeforeKill` of them. */
async function burstKilled(partIds: string[], acknowledgedBeforeKill: number): Promise<string[]> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "tests/support/place-lines-burst.ts", ...partIds], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const acknowledged: string[] = [];
  let buffered = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${acknowledged.length} orders acknowledged in time`)), 90_000);
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) if (line.startsWith("placed ")) acknowledged.push(line.slice(7));
      if (acknowledged.length >= acknowledgedBeforeKill) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", () => reject(new Error("the burst ended before it was killed")));
  });
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
  child.kill("SIGKILL");
  await exited;
  return acknowledged;
}

describe("crash safety of orders of several parts", () => {
  it("SIGKILL mid-burst, then start-up settling: no partial take, stock conserved, every acknowledged order stored whole", async () => {
    const parts = await Part.insertMany(Array.from({ length: 8 }, (_, i) => ({ partsname: `Burst part ${i}`, image: "/x.svg", price: 3 + i, quantity: START_STOCK, description: "d" })));
    const ids = parts.map((part) => part._id);
    const acknowledged = await burstKilled(ids.map(String), 60);

    // What a restarted server does first: settle the journals of the parts whose locks the dead process left.
    const settled = await settleAllInterruptedOrders();
    console.log(`acknowledged ${acknowledged.length} orders; settled ${settled} journal entries left by the killed process`);
    expect(await unsettledJournalEntries(ids)).toBe(0);

    const stored = await Order.find({ "lines.partId": trusted({ $in: ids }) }).lean();
    const storedIds = new Set(stored.map((order) => String(order._id)));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
    for (const order of stored) expect(order.lines, String(order._id)).toHaveLength(3);
    // Each stored order carries its one confirmation, written with it: none lost, none doubled by the settling.
    const mailed = await Order.find({ "lines.partId": trusted({ $in: ids }) }).select("+mailsDue").lean();
    for (const order of mailed) expect(order.mailsDue?.map((mail) => mail.kind), String(order._id)).toEqual(["order-confirmation"]);
    for (const part of parts) {
      const left = (await Part.findById(part._id).lean())!.quantity;
      const ordered = stored.flatMap((order) => order.lines ?? []).filter((l) => String(l.partId) === String(part._id)).reduce((sum, l) => sum + l.quantity, 0);
      expect(left + ordered, part.partsname).toBe(START_STOCK);
    }
  }, 150_000);

  it("a take cut short after two of an order's three parts were written: start-up settling gives both back", async () => {
    const parts = await Part.insertMany([0, 1, 2].map((i) => ({ partsname: `Cut part ${i}`, image: "/x.svg", price: 5, quantity: 10, description: "d" })));
    // The dead process held all three locks (expired now) and wrote two parts for an order it never stored.
    await StockLock.insertMany(parts.map((part) => ({ _id: `part:${String(part._id)}`, token: "dead process", expiresAt: new Date(Date.now() - 1000) })));
    const never = new Types.ObjectId();
    const read = await Promise.all(parts.slice(0, 2).map((part) => Part.findById(part._id).lean<LockedPart>()));
    const { missed } = await takeStockForOrdersLocked(read.map((part) => partTake(part!, [{ _id: never, quantity: 3 }])));
    expect(missed.size).toBe(0);
    expect((await Promise.all(parts.map((part) => Part.findById(part._id).lean()))).map((part) => part!.quantity)).toEqual([7, 7, 10]);
    expect(await settleAllInterruptedOrders()).toBe(2);
    expect((await Promise.all(parts.map((part) => Part.findById(part._id).lean()))).map((part) => part!.quantity)).toEqual([10, 10, 10]);
    expect(await unsettledJournalEntries(parts.map((part) => part._id))).toBe(0);
  });
});
