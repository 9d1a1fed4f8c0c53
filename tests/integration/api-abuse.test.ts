import { describe, expect, it } from "vitest";
import { MAX_ORDERS_PER_PART } from "@/lib/orders/order-rounds";
import { reviewStats } from "@/lib/reviews/queries";
import * as replies from "@/lib/validation/responses";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { StockLock } from "@/lib/storage/models/StockLock";
import { signedUpClient, type Reply } from "../support/client";
import { ALICE, BOB, makePart, orderBody, setUpApiWorld, stockOf } from "../support/api";

// The attacks an outside review found, each replayed against the real server and database.

const world = setUpApiWorld();

let accounts = 0;
/** A customer of their own: the review-write limit is per account, so each test starts with a clean slate. */
async function freshCustomer(name: string) {
  accounts += 1;
  const email = `reviewer${accounts}x${Date.now()}@example.com`;
  return { email, client: await signedUpClient(world.server.baseUrl, email, name) };
}

describe("review flooding (#5)", () => {
  it("40 one-star reviews in a row from one account leave one review, and the published mean counts it once", async () => {
    const fan = await freshCustomer("Happy Fan");
    expect((await fan.client.post("/reviews", { rating: 5, description: "Great shop." })).status).toBe(201);
    const before = await reviewStats();
    const flooder = await freshCustomer("Flooder");
    const statuses: number[] = [];
    let last: Reply<{ message?: string }> | undefined;
    for (let i = 0; i < 40; i += 1) {
      last = await flooder.client.post<{ message?: string }>("/reviews", { rating: 1, description: `Terrible ${i}` });
      statuses.push(last.status);
    }
    // The first creates, the next four rewrite it (and say so), the rest are refused for now.
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, 5)).toEqual([200, 200, 200, 200]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(last?.body).toEqual({ success: false, message: expect.stringContaining("Try again in") });
    expect(await Review.countDocuments({ email: flooder.email })).toBe(1);
    const after = await reviewStats();
    expect(after.count).toBe(before.count + 1);
    expect(after.ratedCount).toBe(before.ratedCount + 1);
    expect(after).toEqual(await recountedStats());
  });

  it("a second POST rewrites the author's review and says so; concurrent POSTs still make one review", async () => {
    const author = await freshCustomer("Twice Poster");
    const posts = await Promise.all(Array.from({ length: 4 }, (_, i) => author.client.post("/reviews", { rating: 2 + i, description: `Take ${i}` })));
    expect(posts.map((p) => p.status).sort()).toEqual([200, 200, 200, 201]);
    const updated = posts.find((p) => p.status === 200);
    expect(updated?.body).toMatchObject({ success: true, message: expect.stringContaining("updated") });
    expect(await Review.countDocuments({ email: author.email })).toBe(1);
    expect(await reviewStats()).toEqual(await recountedStats());
  });

  it("its author edits and removes their review; another customer cannot; an admin removes any; a removed one is 404", async () => {
    const author = await freshCustomer("Editing Author");
    const created = replies.reviewCreatedSchema.parse((await author.client.post("/reviews", { rating: 1, description: "Late." })).body).result;
    const before = await reviewStats();

    expect((await world.bob.put(`/reviews/${created._id}`, { rating: 5, description: "Hijacked" })).status).toBe(403);
    expect((await world.bob.delete(`/reviews/${created._id}`)).status).toBe(403);
    expect((await world.nobody.delete(`/reviews/${created._id}`)).status).toBe(401);

    const edited = await author.client.put(`/reviews/${created._id}`, { rating: 4, description: "Late, but the part was right." });
    expect(edited.status).toBe(200);
    expect(replies.reviewCreatedSchema.parse(edited.body).result).toMatchObject({ _id: created._id, rating: 4, description: "Late, but the part was right." });
    const afterEdit = await reviewStats();
    expect(afterEdit.count).toBe(before.count);
    expect(afterEdit).toEqual(await recountedStats());

    const removed = await world.carol.delete(`/reviews/${created._id}`);
    expect(removed.status).toBe(200);
    expect(replies.reviewRemovedSchema.parse(removed.body).deletedCount).toBe(1);
    expect((await author.client.delete(`/reviews/${created._id}`)).status).toBe(404);
    expect((await author.client.put(`/reviews/${created._id}`, { rating: 3 })).status).toBe(404);
    expect((await reviewStats()).count).toBe(before.count - 1);
    expect(await reviewStats()).toEqual(await recountedStats());
  });
});

/** The stats counted the slow way, over every review: what the kept totals must equal. */
async function recountedStats() {
  const all = await Review.find({}, { rating: 1 }).limit(10_000).lean();
  const rated = all.filter((r) => r.rating >= 1);
  const sum = rated.reduce((total, r) => total + r.rating, 0);
  return { count: all.length, ratedCount: rated.length, average: rated.length ? Math.round((sum / rated.length) * 10) / 10 : null };
}

describe("one order cannot empty a part (#5)", () => {
  it("a part without a maximum takes at most 100 in one order; the stock is left alone", async () => {
    const part = await makePart({ quantity: 1000 });
    const refused = await world.alice.post("/orderd", orderBody(part._id, ALICE, 1000));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, message: "Min Order 1 Max order 100" });
    expect(await stockOf(part._id)).toBe(1000);
    expect((await world.alice.post("/orderd", orderBody(part._id, ALICE, 100))).status).toBe(201);
    expect(await stockOf(part._id)).toBe(900);
  });

  it("an admin sets the maximum per part; SPEC's message names the lesser of stock and maximum", async () => {
    const added = await world.carol.post("/carparts", { partsname: "Limited wheel nut", image: "https://example.com/nut.png", price: 2.5, quantity: 3, maxPerOrder: 5, description: "Few." });
    expect(added.status).toBe(201);
    const part = replies.partCreatedSchema.parse(added.body).result;
    expect(part.maxPerOrder).toBe(5);
    expect((await world.alice.post("/orderd", orderBody(part._id, ALICE, 4))).body).toEqual({ success: false, message: "Only 3 in stock. Min Order 1 Max order 3" });
    expect((await world.carol.put(`/carparts/${part._id}`, { maxPerOrder: 2 })).status).toBe(200);
    expect((await world.alice.post("/orderd", orderBody(part._id, ALICE, 3))).body).toEqual({ success: false, message: "Min Order 1 Max order 2" });
    expect((await world.carol.put(`/carparts/${part._id}`, { minOrder: 3 })).status).toBe(400);
    expect((await world.carol.post("/carparts", { partsname: "Bad max", image: "https://example.com/x.png", price: 1, quantity: 9, minOrder: 4, maxPerOrder: 3, description: "d" })).body).toEqual({
      success: false,
      message: "maxPerOrder: Maximum per order cannot be below the minimum order",
    });
  });
});

describe("control characters in text (#6)", () => {
  it("a NUL in the search box is a normal search, not a 500", async () => {
    const reply = await world.nobody.get("/parts?q=%00");
    expect(reply.status).toBe(200);
    expect((await world.nobody.get("/parts?q=brake%00%1B")).status).toBe(200);
  });

  it.each([
    ["name", { name: "Al\u0000ice" }],
    ["address", { address: "1 Main\u001b[31m Street" }],
    ["phone", { phone: "555\u00000100" }],
  ])("an order whose %s holds a control character is refused with a 400 and not stored", async (field, extra) => {
    const part = await makePart({ quantity: 10 });
    const reply = await world.alice.post("/orderd", orderBody(part._id, ALICE, 1, extra));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message: `${field}: Must not contain control characters` });
    expect(await Order.exists({ partId: part._id })).toBeNull();
  });

  it("emails must be plain addresses", async () => {
    const part = await makePart({ quantity: 10 });
    for (const email of ["ali\u0000ce@example.com", "<alice@example.com>", "alice@exa\u001fmple.com", "alice @example.com"]) {
      const reply = await world.alice.post("/orderd", orderBody(part._id, email, 1));
      expect(reply.status, JSON.stringify(email)).toBe(400);
      expect(reply.body).toEqual({ success: false, message: "email: Provide a valid Email" });
    }
  });

  it("profiles, parts and reviews refuse control characters; multi-line text keeps its line breaks", async () => {
    expect((await world.bob.put(`/user/profile/${BOB}`, { location: "Porto\u0000" })).body).toEqual({ success: false, message: "location: Must not contain control characters" });
    const part = { partsname: "Clean part", image: "https://example.com/p.png", price: 3, quantity: 5, description: "Line one.\nLine two.\tTabbed." };
    expect((await world.carol.post("/carparts", { ...part, partsname: "Dirty\u0007 part" })).status).toBe(400);
    expect((await world.carol.post("/carparts", { ...part, description: "Bad\u0000" })).status).toBe(400);
    expect((await world.carol.post("/carparts", part)).status).toBe(201);
    const reviewer = await freshCustomer("Careful Writer");
    expect((await reviewer.client.post("/reviews", { rating: 3, description: "So\u0000so" })).body).toEqual({ success: false, message: "description: Must not contain control characters" });
    expect((await reviewer.client.post("/reviews", { rating: 3, description: "Good.\nFast." })).status).toBe(201);
  });
});

describe("impossible orders do not stall possible ones (#8)", () => {
  /** Holds the part's stock lock as another server in the middle of an order would. */
  async function holdLock(partId: unknown) {
    await StockLock.collection.insertOne({ _id: `part:${String(partId)}`, token: "held-by-the-test", expiresAt: new Date(Date.now() + 60_000) } as never);
    return () => StockLock.deleteOne({ _id: `part:${String(partId)}` });
  }

  it("an order the stock or the limits cannot fill is refused at once, without waiting for the held lock", async () => {
    const part = await makePart({ quantity: 5 });
    const release = await holdLock(part._id);
    try {
      const tooMany = await world.alice.post("/orderd", orderBody(part._id, ALICE, 6));
      expect(tooMany.status).toBe(409);
      expect(tooMany.body).toEqual({ success: false, message: "Only 5 in stock. Min Order 1 Max order 5" });
      expect((await world.alice.post("/orderd", orderBody(part._id, ALICE, 101))).status).toBe(400);
    } finally {
      await release();
    }
    expect((await world.alice.post("/orderd", orderBody(part._id, ALICE, 5))).status).toBe(201);
    expect(await stockOf(part._id)).toBe(0);
  });

  it("the orders of one part in progress are bounded: the excess is told to retry at once, the rest go through", async () => {
    const part = await makePart({ quantity: 500 });
    const release = await holdLock(part._id);
    const total = MAX_ORDERS_PER_PART + 8;
    const settled: Reply[] = [];
    const all = Array.from({ length: total }, () => world.alice.post("/orderd", orderBody(part._id, ALICE, 1)).then((reply) => (settled.push(reply), reply)));
    // While the lock is still held, the orders beyond the line's bound are already answered.
    await expect.poll(() => settled.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(total - MAX_ORDERS_PER_PART);
    expect(settled.every((reply) => reply.status === 503 && reply.headers.get("retry-after") !== null)).toBe(true);
    await release();
    const statuses = (await Promise.all(all)).map((reply) => reply.status);
    const placed = statuses.filter((status) => status === 201).length;
    expect(placed).toBe(MAX_ORDERS_PER_PART);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    // Never oversold nor lost: every 201 took exactly one unit.
    expect(await stockOf(part._id)).toBe(500 - placed);
    expect(await Order.countDocuments({ partId: part._id })).toBe(placed);
  });
});

describe("prices are whole cents (#13)", () => {
  const part = { partsname: "Cheap clip", image: "https://example.com/clip.png", quantity: 50, description: "A clip." };

  it.each([0.004, 12.345, 0, -1])("a price of %d is refused", async (price) => {
    const reply = await world.carol.post("/carparts", { ...part, price });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message: expect.stringMatching(/^price: Price must be/) });
  });

  it("an edit to a sub-cent price is refused; a part stored with one cannot be ordered for $0", async () => {
    const stored = await makePart({ quantity: 50, price: 2 });
    expect((await world.carol.put(`/carparts/${stored._id}`, { price: 0.001 })).body).toEqual({ success: false, message: "price: Price must be in whole cents (at most 2 decimals)" });
    await Part.updateOne({ _id: stored._id }, { $set: { price: 0.004 } });
    const order = await world.alice.post("/orderd", orderBody(stored._id, ALICE, 1));
    expect(order.status).toBe(409);
    expect(await Order.exists({ partId: stored._id })).toBeNull();
    expect(await stockOf(stored._id)).toBe(50);
  });

  it("totals are exact in cents, however large the order", async () => {
    const stored = await makePart({ quantity: 1000, price: 0.29 });
    await Part.updateOne({ _id: stored._id }, { $set: { maxPerOrder: 1000 } });
    const placed = replies.orderCreatedSchema.parse((await world.alice.post("/orderd", orderBody(stored._id, ALICE, 999))).body).result;
    expect(placed.price).toBe(289.71);
  });
});

describe("concurrent deletes of one order (#14)", () => {
  it("the first delete wins; every other is a 404, and the stock comes back once", async () => {
    const part = await makePart({ quantity: 10 });
    const order = replies.orderCreatedSchema.parse((await world.alice.post("/orderd", orderBody(part._id, ALICE, 4))).body).result;
    const deletes = await Promise.all(Array.from({ length: 5 }, () => world.alice.delete(`/orders/${order._id}`)));
    const ok = deletes.filter((reply) => reply.status === 200);
    expect(ok).toHaveLength(1);
    expect(replies.orderDeletedSchema.parse(ok[0]?.body)).toMatchObject({ success: true, deletedCount: 1 });
    for (const reply of deletes.filter((r) => r.status !== 200)) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, message: "There is no order with this id." });
    }
    expect(await stockOf(part._id)).toBe(10);
  });
});
