import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { Client, signedUpClient } from "../support/client";
import { unsettledJournalEntries } from "../support/journals";
import { startServer, type TestServer } from "../support/server";

// Orders stream in from several clients, the app server dies by SIGKILL mid-stream and is
// started again. Every order acknowledged with a 2xx must be stored, and for every part the stock
// left plus the units in stored orders must equal the starting stock.
const START_STOCK = 500;
const CLIENTS = 6;
let server: TestServer | undefined;

beforeAll(async () => {
  await connectDb();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

type Outcome = { acknowledged: string[]; failures: number; refused: number };

async function orderLoop(client: Client, partIds: string[], email: string, until: () => boolean): Promise<Outcome> {
  const outcome: Outcome = { acknowledged: [], failures: 0, refused: 0 };
  while (!until()) {
    const partId = partIds[Math.floor(Math.random() * partIds.length)]!;
    const quantity = 1 + Math.floor(Math.random() * 3);
    try {
      const reply = await client.post<{ result?: { _id: string } }>("/orderd", { _id: partId, name: "Crash Tester", email, quantity, phone: "555-0100", address: "1 Test Road" });
      if (reply.status >= 200 && reply.status < 300 && reply.body.result?._id) outcome.acknowledged.push(reply.body.result._id);
      else outcome.refused += 1;
    } catch {
      // The server died under this request: no acknowledgement, so no promise to keep.
      outcome.failures += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return outcome;
}

describe("crash safety of orders", () => {
  it("SIGKILL mid-stream loses no acknowledged order and no stock", async () => {
    const parts = await Part.create(
      [0, 1, 2].map((i) => ({ partsname: `Crash part ${i}`, image: "/parts/placeholder.svg", price: 10 + i, quantity: START_STOCK, minOrder: 1, description: "For the crash test." })),
    );
    const partIds = parts.map((p) => String(p._id));
    server = await startServer();
    const first = server;
    const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => signedUpClient(first.baseUrl, `crash${i}@example.com`, `Crash ${i}`)));

    let stop = false;
    const loops = clients.map((client, i) => orderLoop(client, partIds, `crash${i}@example.com`, () => stop));
    // Let orders flow, then kill the server while requests are in flight.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await Order.countDocuments()) < 40) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
    first.kill("SIGKILL");
    await first.exited;
    stop = true;
    const outcomes = await Promise.all(loops);
    const acknowledged = outcomes.flatMap((o) => o.acknowledged);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Restarted on the same port: it settles whatever the dead server left half-done.
    server = await startServer({}, { port: Number(new URL(first.baseUrl).port) });
    const settleBy = Date.now() + 45_000;
    while (Date.now() < settleBy && (await unsettledJournalEntries()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await unsettledJournalEntries()).toBe(0);

    // Every acknowledged order is stored.
    const stored = new Set((await Order.find({}, { _id: 1 }).lean()).map((o) => String(o._id)));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);

    // Stock left + units in stored orders = starting stock, part by part.
    for (const partId of partIds) {
      const part = await Part.findById(partId).lean();
      const orders = await Order.find({ partId }, { quantity: 1 }).lean();
      const ordered = orders.reduce((sum, o) => sum + o.quantity, 0);
      expect(part!.quantity + ordered, `part ${partId}`).toBe(START_STOCK);
    }

    // And the restarted server takes orders again (once the dead server's locks have expired).
    const again = await clients[0]!.post("/orderd", { _id: partIds[0], name: "Crash Tester", email: "crash0@example.com", quantity: 1, phone: "555-0100", address: "1 Test Road" });
    expect([201, 503]).toContain(again.status);
  }, 150_000);
});
