import { afterAll, beforeAll, expect } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { Part } from "@/models/Part";
import { User } from "@/models/User";
import { Client, signedUpClient } from "./client";
import { startServer, type TestServer } from "./server";

// One production server per test file, on that file's own database, with four signed-in
// people: alice (customer, the "owner"), bob (another customer), carol (admin), and nobody.

export type ApiWorld = {
  server: TestServer;
  nobody: Client;
  alice: Client;
  bob: Client;
  carol: Client;
};

export const ALICE = "alice@example.com";
export const BOB = "bob@example.com";
export const CAROL = "carol@example.com";

export function setUpApiWorld(): ApiWorld {
  const world = {} as ApiWorld;
  beforeAll(async () => {
    await connectDb();
    await ensureIndexes();
    world.server = await startServer();
    const base = world.server.baseUrl;
    world.nobody = new Client(base);
    [world.alice, world.bob, world.carol] = await Promise.all([
      signedUpClient(base, ALICE, "Alice Doe"),
      signedUpClient(base, BOB, "Bob Roe"),
      signedUpClient(base, CAROL, "Carol Admin"),
    ]);
    await User.updateOne({ email: CAROL }, { $set: { role: "admin" } });
  }, 120_000);
  afterAll(async () => {
    const output = world.server?.output() ?? "";
    await world.server?.stop();
    // No request of the file may have hit the unexpected-error path (a 500).
    expect(output).not.toContain("[api] unexpected error");
  });
  return world;
}

/** After writes straight to the database: the cached public reads (GET /carparts, /reviews) cannot see them otherwise. */
export async function expirePublicCache(world: ApiWorld): Promise<void> {
  const reply = await world.carol.post("/api/cache/expire");
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

let partCounter = 0;
/** A part straight in the database. */
export async function makePart(fields: { quantity?: number; price?: number; minOrder?: number } = {}) {
  partCounter += 1;
  return Part.create({
    partsname: `Test part ${partCounter} ${Math.random().toString(36).slice(2, 8)}`,
    image: "https://example.com/part.png",
    price: fields.price ?? 10,
    quantity: fields.quantity ?? 100,
    minOrder: fields.minOrder ?? 1,
    description: "A part made by a test.",
  });
}

export async function stockOf(partId: unknown): Promise<number | undefined> {
  return (await Part.findById(partId).lean())?.quantity;
}

/** A valid order body of SPEC 7 for a part and a customer. */
export function orderBody(partId: unknown, email: string, quantity: number | string = 1, extra: Record<string, unknown> = {}) {
  return { _id: String(partId), name: "Customer", email, quantity, phone: "555-0100", address: "1 Main Street", partsname: "ignored", price: 1, ...extra };
}
