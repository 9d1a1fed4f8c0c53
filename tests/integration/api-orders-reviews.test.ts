import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { reindexReviews } from "@/lib/reviews/reindex";
import * as replies from "@/lib/validation/responses";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { User } from "@/models/User";
import { ALICE, BOB, CAROL, expirePublicCache, makePart, orderBody, stockOf, setUpApiWorld } from "../support/api";

const world = setUpApiWorld();

/** The reply matches the schema the OpenAPI document publishes. */
function conforms<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  expect(parsed.success, parsed.success ? "" : `${JSON.stringify(body)}\n${parsed.error.message}`).toBe(true);
  return parsed.data as z.output<S>;
}

describe("stock never oversells", () => {
  it("20 concurrent orders of 1 against 5 in stock: exactly 5 succeed, 15 are clean 409s, stock 0", async () => {
    const part = await makePart({ quantity: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => world.alice.post("/orderd", orderBody(part._id, ALICE, 1))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body).toEqual({ success: false, message: expect.any(String) });
    expect(await stockOf(part._id)).toBe(0);
    expect(await Order.countDocuments({ partId: part._id })).toBe(5);
  });

  it("concurrent orders from different customers add up exactly", async () => {
    const part = await makePart({ quantity: 30 });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => world.alice.post("/orderd", orderBody(part._id, ALICE, 3))),
      ...Array.from({ length: 6 }, () => world.bob.post("/orderd", orderBody(part._id, BOB, 2))),
    ]);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(await stockOf(part._id)).toBe(0);
  });

  it("deleting an order puts its quantity back in stock", async () => {
    const part = await makePart({ quantity: 10 });
    const placed = await world.alice.post("/orderd", orderBody(part._id, ALICE, 4));
    const order = conforms(replies.orderCreatedSchema, placed.body).result;
    expect(await stockOf(part._id)).toBe(6);
    const deleted = await world.alice.delete(`/orders/${order._id}`);
    expect(deleted.status).toBe(200);
    expect(conforms(replies.orderDeletedSchema, deleted.body).deletedCount).toBe(1);
    expect(await stockOf(part._id)).toBe(10);
    expect(await Order.exists({ _id: order._id })).toBeNull();
    // A second delete finds nothing and returns nothing to stock.
    expect((await world.alice.delete(`/orders/${order._id}`)).status).toBe(404);
    expect(await stockOf(part._id)).toBe(10);
  });

  it("an admin deleting a customer's order also restores the stock", async () => {
    const part = await makePart({ quantity: 10 });
    const order = conforms(replies.orderCreatedSchema, (await world.bob.post("/orderd", orderBody(part._id, BOB, 5))).body).result;
    expect((await world.carol.delete(`/orders/${order._id}`)).body).toMatchObject({ deletedCount: 1 });
    expect(await stockOf(part._id)).toBe(10);
  });

  it("a customer cannot delete an order that has shipped (409); an admin can, without restocking it", async () => {
    const part = await makePart({ quantity: 10 });
    const order = conforms(replies.orderCreatedSchema, (await world.alice.post("/orderd", orderBody(part._id, ALICE, 2))).body).result;
    expect((await world.carol.call("PATCH", `/orders/${order._id}`, { json: { status: "shipped" } })).status).toBe(200);
    const refused = await world.alice.delete(`/orders/${order._id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, message: expect.stringContaining("shipped") });
    expect(await Order.exists({ _id: order._id })).not.toBeNull();
    expect((await world.carol.delete(`/orders/${order._id}`)).body).toMatchObject({ deletedCount: 1 });
    expect(await stockOf(part._id)).toBe(8);
  });
});

describe("orders", () => {
  it("the client's price has no effect: the total is unit price × quantity", async () => {
    const part = await makePart({ quantity: 50, price: 12.5 });
    const placed = await world.alice.post("/orderd", orderBody(part._id, ALICE, "4", { price: 0.01, partsname: "Free stuff" }));
    expect(placed.status).toBe(201);
    const order = conforms(replies.orderCreatedSchema, placed.body).result;
    expect(order).toMatchObject({ price: 50, unitPrice: 12.5, quantity: 4, partsname: part.partsname, partId: part._id.toString(), status: "placed" });
    const stored = await Order.findById(order._id).lean();
    expect(stored?.total).toBe(50);
    expect(stored?.partsname).toBe(part.partsname);
  });

  it("an order has its own id and records the part, so one part can be ordered many times", async () => {
    const part = await makePart({ quantity: 10 });
    const first = conforms(replies.orderCreatedSchema, (await world.alice.post("/orderd", orderBody(part._id, ALICE, 1))).body).result;
    const second = conforms(replies.orderCreatedSchema, (await world.alice.post("/orderd", orderBody(part._id, ALICE, 1))).body).result;
    expect(first._id).not.toBe(part._id.toString());
    expect(first._id).not.toBe(second._id);
    expect(first.partId).toBe(part._id.toString());
    expect(second.partId).toBe(part._id.toString());
  });

  it("GET /orders/{email} lists only that user's orders, newest first, with the fields the table reads", async () => {
    const part = await makePart({ quantity: 10 });
    await world.bob.post("/orderd", orderBody(part._id, BOB, 1));
    const last = conforms(replies.orderCreatedSchema, (await world.bob.post("/orderd", orderBody(part._id, BOB, 2))).body).result;
    const list = conforms(replies.orderListSchema, (await world.bob.get(`/orders/${BOB}`)).body);
    expect(list.every((o) => o.email === BOB)).toBe(true);
    expect(list[0]).toMatchObject({ _id: last._id, partsname: part.partsname, quantity: 2, price: 20, partId: part._id.toString(), status: "placed" });
    const times = list.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe("reviews", () => {
  it("the author is the session's user whatever the body says", async () => {
    await User.updateOne({ email: ALICE }, { $set: { photoURL: "https://example.com/alice.png" } });
    const posted = await world.alice.post("/reviews", { rating: 4, description: "  Great brakes.  ", name: "Mallory", image: "https://evil.example/m.png" });
    expect(posted.status).toBe(201);
    const review = conforms(replies.reviewCreatedSchema, posted.body).result;
    expect(review).toMatchObject({ rating: 4, description: "Great brakes.", name: "Alice Doe", image: "https://example.com/alice.png" });
    const stored = await Review.findById(review._id).lean();
    expect(stored).toMatchObject({ name: "Alice Doe", email: ALICE, image: "https://example.com/alice.png" });
    expect(await Review.exists({ name: "Mallory" })).toBeNull();
  });

  it("a rating of 0 and no description are accepted (the form has no validation)", async () => {
    const posted = await world.bob.post("/reviews", { rating: 0 });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ result: { rating: 0, description: "", name: "Bob Roe" } });
  });

  it("GET /reviews is newest first and pages", async () => {
    const base = Date.UTC(2020, 0, 1);
    await Review.insertMany(Array.from({ length: 5 }, (_, i) => ({ rating: 5, description: `old ${i}`, name: "Old", email: "old@example.com", createdAt: new Date(base + i * 1000) })));
    await reindexReviews();
    await expirePublicCache(world);
    const all = conforms(replies.reviewListSchema, (await world.nobody.get("/reviews")).body);
    const times = all.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.some((r) => "email" in r)).toBe(false);
    const page2 = conforms(replies.reviewListSchema, (await world.nobody.get("/reviews?limit=2&page=2")).body);
    expect(page2.map((r) => r._id)).toEqual(all.slice(2, 4).map((r) => r._id));
    const skipped = conforms(replies.reviewListSchema, (await world.nobody.get("/reviews?limit=3&skip=1")).body);
    expect(skipped.map((r) => r._id)).toEqual(all.slice(1, 4).map((r) => r._id));
  });
});

describe("the other replies keep the spec's fields", () => {
  it("GET /carparts is the catalogue, newest last, and pages", async () => {
    // The parts of the tests above were made straight in the database.
    await expirePublicCache(world);
    const all = conforms(replies.partListSchema, (await world.nobody.get("/carparts")).body);
    const times = all.map((p) => p.createdAt);
    expect([...times].sort()).toEqual(times);
    const page = conforms(replies.partListSchema, (await world.nobody.get("/carparts?limit=2&skip=1")).body);
    expect(page.map((p) => p._id)).toEqual(all.slice(1, 3).map((p) => p._id));
  });

  it("POST /carparts adds the part; GET /carparts/{id} reads it in result", async () => {
    const added = await world.carol.post("/carparts", { partsname: "  Oil filter ", image: "https://example.com/oil.png", price: 9.99, quantity: 40, description: "Filters oil.", email: "someone@else.com" });
    expect(added.status).toBe(201);
    const part = conforms(replies.partCreatedSchema, added.body).result;
    expect(part).toMatchObject({ partsname: "Oil filter", price: 9.99, quantity: 40, minOrder: 1 });
    const read = await world.nobody.get(`/carparts/${part._id}`);
    expect(conforms(replies.partReplySchema, read.body).result).toEqual(part);
    expect(await Part.exists({ partsname: "Oil filter" })).not.toBeNull();
  });

  it("GET /admin/{email}, GET /user, PUT /user/{email}", async () => {
    expect(conforms(replies.adminReplySchema, (await world.alice.get(`/admin/${ALICE}`)).body)).toEqual({ admin: false });
    expect(conforms(replies.adminReplySchema, (await world.carol.get(`/admin/${CAROL}`)).body)).toEqual({ admin: true });
    const users = conforms(replies.userListSchema, (await world.carol.get("/user")).body);
    expect(users).toEqual(expect.arrayContaining([{ email: ALICE, role: "user" }, { email: CAROL, role: "admin" }]));
    const registered = await world.alice.put(`/user/${ALICE}`, { email: ALICE });
    expect(conforms(replies.registerReplySchema, registered.body)).toMatchObject({ success: true, created: false, result: { email: ALICE, role: "user" } });
    // The body is optional.
    expect((await world.alice.call("PUT", `/user/${ALICE}`)).status).toBe(200);
    expect(await User.countDocuments({ email: ALICE })).toBe(1);
  });

  it("GET and PUT /user/profile/{email}", async () => {
    const updated = await world.bob.put(`/user/profile/${BOB}`, { name: "Robert", education: "MIT", linkdedin: "https://linkedin.com/in/bob", location: " Porto ", phoneNumber: "+351 555" });
    expect(updated.status).toBe(200);
    expect(conforms(replies.profileUpdatedSchema, updated.body).result).toEqual({ name: "Robert", email: BOB, education: "MIT", linkdedin: "https://linkedin.com/in/bob", location: "Porto", phoneNumber: "+351 555" });
    const read = conforms(replies.profileListSchema, (await world.bob.get(`/user/profile/${BOB}`)).body);
    expect(read[0]).toMatchObject({ name: "Robert", location: "Porto" });
    // Fields left out stay as they were.
    await world.bob.put(`/user/profile/${BOB}`, { education: "" });
    expect(conforms(replies.profileListSchema, (await world.carol.get(`/user/profile/${BOB}`)).body)[0]).toMatchObject({ name: "Robert", education: "", location: "Porto" });
  });
});

describe("GET /openapi.json", () => {
  type Doc = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };

  it("documents every SPEC path and method, with schemas that exist", async () => {
    const reply = await world.nobody.get<Doc>("/openapi.json");
    expect(reply.status).toBe(200);
    const doc = reply.body;
    expect(doc.openapi).toBe("3.1.0");
    const expected: [string, string][] = [
      ["/carparts", "get"], ["/carparts", "post"], ["/carparts/{id}", "get"], ["/orderd", "post"],
      ["/orders/{key}", "get"], ["/orders/{key}", "delete"], ["/reviews", "get"], ["/reviews", "post"],
      ["/admin/{email}", "get"], ["/user", "get"], ["/user/{email}", "put"], ["/user/admin/{email}", "put"],
      ["/user/profile/{email}", "get"], ["/user/profile/{email}", "put"],
      ["/reviews/{id}", "put"], ["/reviews/{id}", "delete"],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    for (const r of new Set(refs)) expect(doc.components.schemas[r.split("/").pop() ?? ""], r).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('"$id"');
    expect(doc.paths["/orderd"]?.post?.responses).toHaveProperty("409");
  });
});
