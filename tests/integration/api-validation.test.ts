import { beforeAll, describe, expect, it } from "vitest";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { User } from "@/models/User";
import { ALICE, makePart, orderBody, stockOf, setUpApiWorld } from "../support/api";

const world = setUpApiWorld();

type Snapshot = { parts: number; orders: number; reviews: number; stock: number | undefined; alice: unknown };
let partId = "";

async function snapshot(): Promise<Snapshot> {
  const alice = await User.findOne({ email: ALICE }, { _id: 0, name: 1, education: 1, linkdedin: 1, location: 1, phoneNumber: 1, role: 1 }).lean();
  return {
    parts: await Part.countDocuments(),
    orders: await Order.countDocuments(),
    reviews: await Review.countDocuments(),
    stock: await stockOf(partId),
    alice,
  };
}

beforeAll(async () => {
  partId = (await makePart({ quantity: 10, minOrder: 2, price: 7 }))._id.toString();
});

const big = "x".repeat(20 * 1024);
const validPart = { partsname: "Brake pad", image: "https://example.com/p.png", price: 12.5, quantity: 10, minOrder: 1, description: "Stops cars." };
const order = (extra: Record<string, unknown> = {}) => orderBody(partId, ALICE, 2, extra);

type Case = { name: string; who: "alice" | "carol"; method: string; path: () => string; json?: () => unknown; body?: string; headers?: Record<string, string>; status: number };

const cases: Case[] = [
  // Bodies that are not a JSON object
  { name: "malformed JSON", who: "alice", method: "POST", path: () => "/orderd", body: '{"_id": ', headers: { "content-type": "application/json" }, status: 400 },
  { name: "a JSON array", who: "alice", method: "POST", path: () => "/orderd", body: "[1,2]", headers: { "content-type": "application/json" }, status: 400 },
  { name: "JSON null", who: "alice", method: "POST", path: () => "/reviews", body: "null", headers: { "content-type": "application/json" }, status: 400 },
  { name: "an empty body", who: "alice", method: "POST", path: () => "/reviews", body: "", headers: { "content-type": "application/json" }, status: 400 },
  { name: "text/plain", who: "alice", method: "POST", path: () => "/orderd", body: JSON.stringify(orderBody("0".repeat(24), ALICE)), headers: { "content-type": "text/plain" }, status: 415 },
  { name: "a form post", who: "alice", method: "POST", path: () => "/reviews", body: "rating=5", headers: { "content-type": "application/x-www-form-urlencoded" }, status: 415 },
  { name: "no content type", who: "carol", method: "POST", path: () => "/carparts", body: JSON.stringify(validPart), status: 415 },
  { name: "an oversized body", who: "alice", method: "POST", path: () => "/reviews", json: () => ({ rating: 5, description: big }), status: 413 },
  { name: "an oversized profile", who: "alice", method: "PUT", path: () => `/user/profile/${ALICE}`, json: () => ({ education: big }), status: 413 },
  // Query operators where values belong
  { name: 'order _id {"$gt": ""}', who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ _id: { $gt: "" } })), status: 400 },
  { name: 'order email {"$ne": null}', who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ email: { $ne: null } })), status: 400 },
  { name: 'order quantity {"$gt": 0}', who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: { $gt: 0 } })), status: 400 },
  { name: 'part name {"$gt": ""}', who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, partsname: { $gt: "" } }), status: 400 },
  { name: 'review name {"$ne": null}', who: "alice", method: "POST", path: () => "/reviews", json: () => ({ rating: 3, description: "x", name: { $ne: null } }), status: 400 },
  { name: 'profile education {"$gt": ""}', who: "alice", method: "PUT", path: () => `/user/profile/${ALICE}`, json: () => ({ education: { $gt: "" } }), status: 400 },
  { name: 'register email {"$ne": null}', who: "alice", method: "PUT", path: () => `/user/${ALICE}`, json: () => ({ email: { $ne: null } }), status: 400 },
  // Orders: quantity as typed, but whole numbers only
  { name: "quantity -1", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: -1 })), status: 400 },
  { name: 'quantity "-1"', who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: "-1" })), status: 400 },
  { name: "quantity 2.5", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: 2.5 })), status: 400 },
  { name: 'quantity "2.5"', who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: "2.5" })), status: 400 },
  { name: 'quantity "1e3"', who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: "1e3" })), status: 400 },
  { name: 'quantity ""', who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: "" })), status: 400 },
  { name: "quantity 0", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: 0 })), status: 400 },
  { name: "quantity true", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: true })), status: 400 },
  { name: "quantity below minOrder", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: 1 })), status: 400 },
  { name: "quantity above stock", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ quantity: 11 })), status: 409 },
  { name: "missing address", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ address: "   " })), status: 400 },
  { name: "missing phone", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ phone: undefined })), status: 400 },
  { name: "a part id that is not an id", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ _id: "abc" })), status: 400 },
  { name: "an unknown part", who: "alice", method: "POST", path: () => "/orderd", json: () => (order({ _id: "0123456789abcdef01234567" })), status: 404 },
  // Parts: numbers are numbers
  { name: 'price "12"', who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, price: "12" }), status: 400 },
  { name: "price 0", who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, price: 0 }), status: 400 },
  { name: 'quantity "10"', who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, quantity: "10" }), status: 400 },
  { name: "part quantity -1", who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, quantity: -1 }), status: 400 },
  { name: "part quantity 1.5", who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, quantity: 1.5 }), status: 400 },
  { name: "minOrder 0", who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, minOrder: 0 }), status: 400 },
  { name: "minOrder above quantity", who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, minOrder: 11 }), status: 400 },
  { name: "image not a URL", who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, image: "not a url" }), status: 400 },
  { name: "image javascript:", who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, image: "javascript:alert(1)" }), status: 400 },
  { name: "missing description", who: "carol", method: "POST", path: () => "/carparts", json: () => ({ ...validPart, description: undefined }), status: 400 },
  // Reviews
  { name: "rating 6", who: "alice", method: "POST", path: () => "/reviews", json: () => ({ rating: 6, description: "x" }), status: 400 },
  { name: "rating -1", who: "alice", method: "POST", path: () => "/reviews", json: () => ({ rating: -1, description: "x" }), status: 400 },
  { name: "rating 2.5", who: "alice", method: "POST", path: () => "/reviews", json: () => ({ rating: 2.5, description: "x" }), status: 400 },
  { name: 'rating "5"', who: "alice", method: "POST", path: () => "/reviews", json: () => ({ rating: "5", description: "x" }), status: 400 },
  { name: "description over 1000 characters", who: "alice", method: "POST", path: () => "/reviews", json: () => ({ rating: 5, description: "y".repeat(1001) }), status: 400 },
  // Profile
  { name: "linkdedin not a URL", who: "alice", method: "PUT", path: () => `/user/profile/${ALICE}`, json: () => ({ linkdedin: "my profile" }), status: 400 },
  { name: "linkdedin javascript:", who: "alice", method: "PUT", path: () => `/user/profile/${ALICE}`, json: () => ({ linkdedin: "javascript:alert(1)" }), status: 400 },
  { name: "phoneNumber as a number", who: "alice", method: "PUT", path: () => `/user/profile/${ALICE}`, json: () => ({ phoneNumber: 5550100 }), status: 400 },
  // Paths and query strings
  { name: "an order list for a non-email", who: "alice", method: "GET", path: () => "/orders/not-an-email", status: 400 },
  { name: "an order list for an operator", who: "carol", method: "GET", path: () => "/orders/%7B%22%24ne%22%3Anull%7D", status: 400 },
  { name: "deleting a malformed order id", who: "alice", method: "DELETE", path: () => "/orders/123", status: 400 },
  { name: "deleting an unknown order", who: "alice", method: "DELETE", path: () => "/orders/0123456789abcdef01234567", status: 404 },
  { name: "a malformed part id", who: "alice", method: "GET", path: () => "/carparts/xyz", status: 400 },
  { name: "an unknown part id", who: "alice", method: "GET", path: () => "/carparts/0123456789abcdef01234567", status: 404 },
  { name: "limit=0", who: "alice", method: "GET", path: () => "/carparts?limit=0", status: 400 },
  { name: "limit=101", who: "alice", method: "GET", path: () => "/reviews?limit=101", status: 400 },
  { name: "limit=abc", who: "alice", method: "GET", path: () => "/carparts?limit=abc", status: 400 },
  { name: "skip=-1", who: "alice", method: "GET", path: () => "/reviews?skip=-1", status: 400 },
  { name: "skip and page together", who: "alice", method: "GET", path: () => "/carparts?skip=1&page=1", status: 400 },
  { name: "a repeated limit", who: "alice", method: "GET", path: () => "/carparts?limit=1&limit=2", status: 400 },
  { name: "GET /user?limit=0 (admin)", who: "carol", method: "GET", path: () => "/user?limit=0", status: 400 },
  { name: "GET /user?skip=1&page=1 (admin)", who: "carol", method: "GET", path: () => "/user?skip=1&page=1", status: 400 },
  { name: "GET /orders/{email}?limit=101", who: "alice", method: "GET", path: () => `/orders/${ALICE}?limit=101`, status: 400 },
  { name: "GET /orders/{email}?page=0", who: "alice", method: "GET", path: () => `/orders/${ALICE}?page=0`, status: 400 },
  { name: "an admin check of a non-email", who: "alice", method: "GET", path: () => "/admin/alice", status: 400 },
  { name: "promoting a non-email", who: "carol", method: "PUT", path: () => "/user/admin/%24where", status: 400 },
  { name: "a profile of an unknown user (admin)", who: "carol", method: "GET", path: () => "/user/profile/ghost@example.com", status: 404 },
];

describe("validation: every bad input is a 4xx with the error shape, and nothing changes", () => {
  it.each(cases)("$name → $status", async (c) => {
    const before = await snapshot();
    const reply = await world[c.who].call(c.method, c.path(), { json: c.json?.(), body: c.body, headers: c.headers });
    expect(reply.status, JSON.stringify(reply.body)).toBe(c.status);
    expect(reply.body).toEqual({ success: false, message: expect.any(String) });
    expect((reply.body as { message: string }).message.length).toBeGreaterThan(3);
    // Each case fails for its own reason, not because the part id is missing.
    if (!/part id that is not|order _id/.test(c.name)) expect((reply.body as { message: string }).message).not.toMatch(/^_id:/);
    expect(await snapshot()).toEqual(before);
  });

  it("the spec's messages reach the client", async () => {
    expect((await world.alice.post("/orderd", order({ quantity: 1 }))).body).toMatchObject({ message: "Min Order 2 Max order 10" });
    expect((await world.alice.post("/orderd", order({ address: "" }))).body).toMatchObject({ message: "address: address  is required" });
    expect((await world.alice.post("/orderd", order({ phone: "" }))).body).toMatchObject({ message: "phone: Phone Number is required" });
  });

  it("the quantity may be the text typed: a whole-number string works", async () => {
    const reply = await world.alice.post("/orderd", order({ quantity: " 3 " }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, result: { quantity: 3, price: 21 } });
    expect(await stockOf(partId)).toBe(7);
  });

  it("path emails are normalised like stored emails", async () => {
    const reply = await world.alice.get(`/orders/${encodeURIComponent(" Alice@Example.COM ")}`);
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
  });

  it("an empty linkdedin clears the link; the path's email wins over the body's", async () => {
    expect((await world.alice.put(`/user/profile/${ALICE}`, { linkdedin: "https://www.linkedin.com/in/alice", email: "bob@example.com" })).status).toBe(200);
    expect((await User.findOne({ email: ALICE }).lean())?.linkdedin).toBe("https://www.linkedin.com/in/alice");
    const cleared = await world.alice.put(`/user/profile/${ALICE}`, { linkdedin: "" });
    expect(cleared.body).toMatchObject({ success: true, result: { email: ALICE, linkdedin: "" } });
    expect(await User.exists({ email: "bob@example.com", linkdedin: "https://www.linkedin.com/in/alice" })).toBeNull();
  });

  it("unsupported methods are refused without touching anything", async () => {
    expect((await world.alice.call("PATCH", "/carparts", { json: validPart })).status).toBe(405);
    expect((await world.alice.call("DELETE", "/reviews")).status).toBe(405);
  });
});
