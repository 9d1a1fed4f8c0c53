import { describe, expect, it } from "vitest";
import { Order } from "@/models/Order";
import { Review } from "@/models/Review";
import { User } from "@/models/User";
import type { Client } from "../support/client";
import { signedUpClient } from "../support/client";
import { ALICE, BOB, CAROL, makePart, orderBody, stockOf, setUpApiWorld } from "../support/api";

const world = setUpApiWorld();

type Who = "nobody" | "owner" | "other" | "admin";
type Row = {
  call: string;
  /** Prepares what the call needs and returns its path and body. */
  make: () => Promise<{ path: string; json?: unknown }>;
  expect: Record<Who, number>;
};

const client = (who: Who): Client => ({ nobody: world.nobody, owner: world.alice, other: world.bob, admin: world.carol })[who];

async function aliceOrder(): Promise<string> {
  const part = await makePart();
  const order = await Order.create({
    partId: part._id, partsname: part.partsname, unitPrice: 10, quantity: 1, total: 10,
    name: "Alice", email: ALICE, phone: "1", address: "A street", status: "placed",
  });
  return order._id.toString();
}

const validPart = () => ({ partsname: "Matrix brake", image: "https://example.com/b.png", price: 20, quantity: 5, minOrder: 1, description: "Stops.", email: CAROL });

// "owner" is alice, a customer, the subject of every per-user path; "other" is bob, another customer.
const rows: Row[] = [
  { call: "GET /carparts", make: async () => ({ path: "/carparts" }), expect: { nobody: 200, owner: 200, other: 200, admin: 200 } },
  { call: "POST /carparts", make: async () => ({ path: "/carparts", json: validPart() }), expect: { nobody: 401, owner: 403, other: 403, admin: 201 } },
  { call: "GET /carparts/{id}", make: async () => ({ path: `/carparts/${(await makePart())._id}` }), expect: { nobody: 200, owner: 200, other: 200, admin: 200 } },
  { call: "POST /orderd (alice's email)", make: async () => ({ path: "/orderd", json: orderBody((await makePart())._id, ALICE) }), expect: { nobody: 401, owner: 201, other: 403, admin: 403 } },
  { call: "GET /orders/{alice}", make: async () => ({ path: `/orders/${ALICE}` }), expect: { nobody: 401, owner: 200, other: 403, admin: 200 } },
  { call: "DELETE /orders/{alice's order}", make: async () => ({ path: `/orders/${await aliceOrder()}` }), expect: { nobody: 401, owner: 200, other: 403, admin: 200 } },
  { call: "GET /reviews", make: async () => ({ path: "/reviews" }), expect: { nobody: 200, owner: 200, other: 200, admin: 200 } },
  { call: "POST /reviews", make: async () => ({ path: "/reviews", json: { rating: 4, description: "Good" } }), expect: { nobody: 401, owner: 201, other: 201, admin: 201 } },
  { call: "GET /admin/{alice}", make: async () => ({ path: `/admin/${ALICE}` }), expect: { nobody: 401, owner: 200, other: 403, admin: 200 } },
  { call: "GET /user", make: async () => ({ path: "/user" }), expect: { nobody: 401, owner: 403, other: 403, admin: 200 } },
  { call: "PUT /user/{alice}", make: async () => ({ path: `/user/${ALICE}`, json: { email: ALICE } }), expect: { nobody: 401, owner: 200, other: 403, admin: 403 } },
  { call: "PUT /user/admin/{dave}", make: async () => ({ path: "/user/admin/dave@example.com" }), expect: { nobody: 401, owner: 403, other: 403, admin: 200 } },
  { call: "GET /user/profile/{alice}", make: async () => ({ path: `/user/profile/${ALICE}` }), expect: { nobody: 401, owner: 200, other: 403, admin: 200 } },
  { call: "PUT /user/profile/{alice}", make: async () => ({ path: `/user/profile/${ALICE}`, json: { location: "Lisbon" } }), expect: { nobody: 401, owner: 200, other: 403, admin: 403 } },
  { call: "GET /openapi.json", make: async () => ({ path: "/openapi.json" }), expect: { nobody: 200, owner: 200, other: 200, admin: 200 } },
];

describe("authorization matrix: every path as nobody, the owner, another user and an admin", () => {
  it.each(rows)("$call", async (row) => {
    await User.updateOne({ email: "dave@example.com" }, { $setOnInsert: { email: "dave@example.com", role: "user" } }, { upsert: true });
    const [method = "GET"] = row.call.split(" ");
    for (const who of ["nobody", "other", "admin", "owner"] as const) {
      const { path, json } = await row.make();
      const reply = await client(who).call(method, path, json === undefined ? {} : { json });
      expect({ who, status: reply.status }, JSON.stringify(reply.body)).toEqual({ who, status: row.expect[who] });
      if (reply.status >= 400) {
        expect(reply.body).toEqual({ success: false, message: expect.any(String) });
      }
    }
  });

  it("a refused order changes nothing: no order stored, stock untouched", async () => {
    const part = await makePart({ quantity: 7 });
    const before = await Order.countDocuments();
    expect((await world.bob.post("/orderd", orderBody(part._id, ALICE))).status).toBe(403);
    expect((await world.nobody.post("/orderd", orderBody(part._id, ALICE))).status).toBe(401);
    expect(await Order.countDocuments()).toBe(before);
    expect(await Order.exists({ partId: part._id })).toBeNull();
    expect(await stockOf(part._id)).toBe(7);
  });

  it("another user cannot delete alice's order: it stays", async () => {
    const id = await aliceOrder();
    expect((await world.bob.delete(`/orders/${id}`)).status).toBe(403);
    expect(await Order.exists({ _id: id })).not.toBeNull();
  });
});

describe("promotion", () => {
  it("PUT /user/admin/{email} counts on that user's next API call, without signing in again", async () => {
    const erin = await signedUpClient(world.server.baseUrl, "erin@example.com", "Erin");
    expect((await erin.get("/user")).status).toBe(403);
    expect((await erin.get("/admin/erin@example.com")).body).toEqual({ admin: false });

    const promoted = await world.carol.put("/user/admin/erin@example.com");
    expect(promoted.status).toBe(200);
    expect(promoted.body).toEqual({ success: true, message: expect.any(String), modifiedCount: 1 });

    // Same cookie as before the promotion.
    expect((await erin.get("/user")).status).toBe(200);
    expect((await erin.get("/admin/erin@example.com")).body).toEqual({ admin: true });
    expect((await erin.get(`/orders/${ALICE}`)).status).toBe(200);

    const again = await world.carol.put("/user/admin/erin@example.com");
    expect(again.body).toMatchObject({ success: true, modifiedCount: 0 });
  });

  it("of five admins pressing Make Admin for one user at once, one is told it promoted them; the rest that they already were", async () => {
    await signedUpClient(world.server.baseUrl, "gina@example.com", "Gina");
    const replies = await Promise.all(Array.from({ length: 5 }, () => world.carol.put<{ message: string; modifiedCount: number }>("/user/admin/gina@example.com")));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((reply) => reply.body.modifiedCount).sort()).toEqual([0, 0, 0, 0, 1]);
    expect(replies.filter((reply) => reply.body.message.endsWith("was already an admin."))).toHaveLength(4);
  });

  it("promoting an unknown user is a 404", async () => {
    const reply = await world.carol.put("/user/admin/nobody-here@example.com");
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: expect.any(String) });
    expect(await User.exists({ email: "nobody-here@example.com" })).toBeNull();
  });

  it("a demotion, even one made in the database, ends the demoted admin's sessions", async () => {
    const frank = await signedUpClient(world.server.baseUrl, "frank@example.com", "Frank");
    await User.updateOne({ email: "frank@example.com" }, { $set: { role: "admin" } });
    expect((await frank.get("/user")).status).toBe(200);
    const otherDevice = frank.clone();
    await User.updateOne({ email: "frank@example.com" }, { $set: { role: "user" } });
    expect((await frank.get("/user")).status).toBe(401);
    expect((await otherDevice.get("/orders/frank@example.com")).status).toBe(401);
    await frank.signIn("frank@example.com", "secret-pass-1");
    expect((await frank.get("/user")).status).toBe(403);
    expect((await frank.get("/orders/frank@example.com")).status).toBe(200);
  });
});

describe("cross-origin requests with a session cookie", () => {
  it("a POST from another origin is refused and stores nothing", async () => {
    const before = await Review.countDocuments();
    const reply = await world.alice.post("/reviews", { rating: 5, description: "csrf" }, { origin: "https://evil.example" });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ success: false, message: expect.stringMatching(/cross-site/i) });
    expect(await Review.countDocuments()).toBe(before);
  });

  it("without Origin, Sec-Fetch-Site must say same-origin", async () => {
    const part = await makePart({ quantity: 3 });
    const crossSite = await world.alice.post("/orderd", orderBody(part._id, ALICE), { origin: null, headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const bare = await world.alice.post("/orderd", orderBody(part._id, ALICE), { origin: null });
    expect(bare.status).toBe(403);
    expect(await Order.countDocuments({ partId: part._id })).toBe(0);
    const sameOrigin = await world.alice.post("/orderd", orderBody(part._id, ALICE), { origin: null, headers: { "sec-fetch-site": "same-origin" } });
    expect(sameOrigin.status).toBe(201);
  });

  it("PUT and DELETE are checked too", async () => {
    const id = await aliceOrder();
    expect((await world.alice.delete(`/orders/${id}`, { origin: "https://evil.example" })).status).toBe(403);
    expect(await Order.exists({ _id: id })).not.toBeNull();
    expect((await world.carol.put(`/user/admin/${BOB}`, undefined, { origin: "https://evil.example" })).status).toBe(403);
    expect((await User.findOne({ email: BOB }).lean())?.role).toBe("user");
    expect((await world.alice.put(`/user/profile/${ALICE}`, { location: "Evil" }, { origin: "http://localhost:1" })).status).toBe(403);
  });

  it("GET stays readable from anywhere (it changes nothing)", async () => {
    expect((await world.alice.get(`/orders/${ALICE}`, { origin: "https://evil.example" })).status).toBe(200);
  });
});
