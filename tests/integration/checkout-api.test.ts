import { beforeEach, describe, expect, it } from "vitest";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import type { Client } from "../support/client";
import { ALICE, makePart, setUpApiWorld, stockOf } from "../support/api";

// The checkout through the REST API of a real server: a quote of the account's cart, placing it as
// one order, and every way placing can be refused.

const world = setUpApiWorld();

type Line = { partId: string; partsname: string; quantity: number; unitPrice: number; total: number; notices: string[] };
type Option = { method: string; label: string; price: number; deliveryBy: string };
type Quote = { lines: Line[]; subtotal: number; deliveryOptions: Option[]; deliveryMethod: string; deliveryPrice: number; total: number; paymentMethods: string[] };
type OrderView = { _id: string; number: string; lines: Line[]; subtotal: number; deliveryMethod: string; deliveryPrice: number; deliveryBy: string | null; total: number; paymentMethod: string; paymentReference: string | null; name: string; phone: string; address: string };

const SETTINGS = { standardDeliveryPrice: 5.99, standardDeliveryDays: 5, expressDeliveryPrice: 14.99, expressDeliveryDays: 1, freeStandardDeliveryFrom: 100 };
const TYPED = { name: "Alice Doe", phone: "555 0100", address: "1 Main Street, Springfield" };

let keyCounter = 0;
const newKey = () => `checkout-test-key-${Date.now()}-${(keyCounter += 1)}`;

async function fillCart(client: Client, lines: { partId: unknown; quantity: number }[]): Promise<void> {
  expect((await client.delete("/cart/items")).status).toBe(200);
  for (const { partId, quantity } of lines) {
    const added = await client.post("/cart/items", { partId: String(partId), quantity });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
}

const quote = (client: Client, body: Record<string, unknown> = {}) => client.post<{ success: boolean; quote: Quote; message?: string }>("/checkout/quote", body);

const place = (client: Client, body: Record<string, unknown>, headers?: Record<string, string>) =>
  client.call<{ success: boolean; message: string; order: OrderView; quote?: Quote; shortLines?: { partId: string; partsname: string; wanted: number; available: number }[] }>("POST", "/checkout/orders", { json: body, headers });

const cartLines = async (client: Client) => (await client.get<{ cart: { lines: Line[] } }>("/cart/items")).body.cart.lines;

/** The weekday of an ISO date, 0 Sunday to 6 Saturday. */
const weekday = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`).getUTCDay();

beforeEach(async () => {
  expect((await world.carol.call("PATCH", "/shop-settings", { json: SETTINGS })).status).toBe(200);
});

describe("the quote", () => {
  it("prices the cart's lines with both delivery options, each with a business-day date, and the chosen one in the total", async () => {
    const [pads, disc] = await Promise.all([makePart({ price: 12.5 }), makePart({ price: 30 })]);
    await fillCart(world.alice, [
      { partId: pads._id, quantity: 2 },
      { partId: disc._id, quantity: 1 },
    ]);
    const reply = await quote(world.alice, { deliveryMethod: "express" });
    expect(reply.status).toBe(200);
    const { quote: q } = reply.body;
    expect(q.lines.map((line) => [line.partId, line.quantity, line.total])).toEqual([
      [String(pads._id), 2, 25],
      [String(disc._id), 1, 30],
    ]);
    expect(q.subtotal).toBe(55);
    expect(q.deliveryOptions.map((option) => [option.method, option.price])).toEqual([
      ["standard", 5.99],
      ["express", 14.99],
    ]);
    for (const option of q.deliveryOptions) expect([0, 6]).not.toContain(weekday(option.deliveryBy));
    expect(q.deliveryOptions[1]!.deliveryBy < q.deliveryOptions[0]!.deliveryBy).toBe(true);
    expect([q.deliveryMethod, q.deliveryPrice, q.total]).toEqual(["express", 14.99, 69.99]);
    expect(q.paymentMethods).toEqual(["bank-transfer", "cash-on-delivery"]);
    // Standard is the default, and free from the shop's amount on.
    expect((await quote(world.alice)).body.quote.total).toBe(60.99);
    expect((await world.carol.call("PATCH", "/shop-settings", { json: { freeStandardDeliveryFrom: 55 } })).status).toBe(200);
    const free = (await quote(world.alice)).body.quote;
    expect([free.deliveryPrice, free.total]).toEqual([0, 55]);
  });

  it("refuses another account's saved address (404), and answers nobody with 401", async () => {
    const saved = await world.bob.post<{ address: { _id: string } }>("/user/addresses", { ...TYPED, name: "Bob Roe" });
    expect(saved.status).toBe(201);
    expect((await quote(world.alice, { addressId: saved.body.address._id })).status).toBe(404);
    expect((await quote(world.nobody)).status).toBe(401);
    expect((await place(world.nobody, { ...TYPED, deliveryMethod: "standard", paymentMethod: "bank-transfer", expectedTotal: 1, idempotencyKey: newKey() })).status).toBe(401);
  });
});

describe("placing the cart", () => {
  it("places every line as one order, at the reviewed total, with a payment reference, and empties the cart", async () => {
    const [pads, disc, clips] = await Promise.all([makePart({ price: 20, quantity: 10 }), makePart({ price: 45, quantity: 10 }), makePart({ price: 2.5, quantity: 10 })]);
    await fillCart(world.alice, [
      { partId: pads._id, quantity: 2 },
      { partId: disc._id, quantity: 1 },
      { partId: clips._id, quantity: 4 },
    ]);
    const reviewed = (await quote(world.alice, { deliveryMethod: "express", paymentMethod: "bank-transfer" })).body.quote;
    expect(reviewed.total).toBe(109.99);
    const reply = await place(world.alice, { ...TYPED, deliveryMethod: "express", paymentMethod: "bank-transfer", expectedTotal: reviewed.total, idempotencyKey: newKey() });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { order } = reply.body;
    expect(order.lines.map((line) => [line.partId, line.quantity])).toEqual([
      [String(pads._id), 2],
      [String(disc._id), 1],
      [String(clips._id), 4],
    ]);
    expect([order.subtotal, order.deliveryMethod, order.deliveryPrice, order.total]).toEqual([95, "express", 14.99, 109.99]);
    expect(order.deliveryBy?.slice(0, 10)).toBe(reviewed.deliveryOptions[1]!.deliveryBy);
    expect(order.paymentMethod).toBe("bank-transfer");
    expect(order.paymentReference).toEqual(expect.any(String));
    expect(order.number).not.toBe(order._id);
    expect(reply.body.message).toContain(order.number);
    expect([order.name, order.phone, order.address]).toEqual([TYPED.name, TYPED.phone, TYPED.address]);
    expect(await Promise.all([stockOf(pads._id), stockOf(disc._id), stockOf(clips._id)])).toEqual([8, 9, 6]);
    expect(await cartLines(world.alice)).toEqual([]);
  });

  it("delivers to a saved address by id, and keeps a typed one when asked", async () => {
    const part = await makePart({ price: 10 });
    await fillCart(world.alice, [{ partId: part._id, quantity: 1 }]);
    const saved = await world.alice.post<{ address: { _id: string } }>("/user/addresses", { name: "Alice at work", phone: "555 0199", address: "9 Office Park" });
    const total = (await quote(world.alice, { addressId: saved.body.address._id })).body.quote.total;
    const reply = await place(world.alice, { addressId: saved.body.address._id, deliveryMethod: "standard", paymentMethod: "cash-on-delivery", expectedTotal: total, idempotencyKey: newKey() });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect([reply.body.order.name, reply.body.order.address, reply.body.order.paymentReference]).toEqual(["Alice at work", "9 Office Park", null]);

    await fillCart(world.alice, [{ partId: part._id, quantity: 1 }]);
    const typed = { name: "Alice at the lake", phone: "555 0777", address: `3 Lake Road ${Date.now()}` };
    expect((await place(world.alice, { ...typed, saveAddress: true, deliveryMethod: "standard", paymentMethod: "cash-on-delivery", expectedTotal: total, idempotencyKey: newKey() })).status).toBe(201);
    const addresses = (await world.alice.get<{ addresses: { address: string }[] }>("/user/addresses")).body.addresses;
    expect(addresses.map((entry) => entry.address)).toContain(typed.address);
  });

  it("a retry with the same key, in the body or the header, gets the same order (200) and takes nothing twice", async () => {
    const part = await makePart({ price: 15, quantity: 20 });
    await fillCart(world.alice, [{ partId: part._id, quantity: 3 }]);
    const total = (await quote(world.alice)).body.quote.total;
    const key = newKey();
    const body = { ...TYPED, deliveryMethod: "standard", paymentMethod: "bank-transfer", expectedTotal: total };
    const first = await place(world.alice, body, { "Idempotency-Key": key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await place(world.alice, { ...body, idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(again.body.order._id).toBe(first.body.order._id);
    expect((await place(world.alice, body, { "Idempotency-Key": key })).body.order._id).toBe(first.body.order._id);
    expect(await stockOf(part._id)).toBe(17);
    expect(await Order.countDocuments({ "lines.partId": part._id })).toBe(1);

    // Sent together: still one order.
    await fillCart(world.alice, [{ partId: part._id, quantity: 2 }]);
    const together = newKey();
    const twoTotal = (await quote(world.alice)).body.quote.total;
    const replies = await Promise.all(Array.from({ length: 4 }, () => place(world.alice, { ...body, expectedTotal: twoTotal, idempotencyKey: together })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.body.order._id)).size).toBe(1);
    expect(await stockOf(part._id)).toBe(15);
  });

  it("refuses short stock naming every short line, and takes nothing", async () => {
    const [pads, disc, clips] = await Promise.all([makePart({ quantity: 10 }), makePart({ quantity: 10 }), makePart({ quantity: 10 })]);
    await fillCart(world.alice, [
      { partId: pads._id, quantity: 5 },
      { partId: disc._id, quantity: 2 },
      { partId: clips._id, quantity: 1 },
    ]);
    const total = (await quote(world.alice)).body.quote.total;
    // Others bought them meanwhile.
    await Part.updateOne({ _id: pads._id }, { $set: { quantity: 3 } });
    await Part.updateOne({ _id: disc._id }, { $set: { quantity: 0 } });
    const reply = await place(world.alice, { ...TYPED, deliveryMethod: "standard", paymentMethod: "bank-transfer", expectedTotal: total, idempotencyKey: newKey() });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(`Only 3 left of ${pads.partsname}. Out of stock: ${disc.partsname}.`);
    expect(reply.body.shortLines).toEqual([
      { partId: String(pads._id), partsname: pads.partsname, wanted: 5, available: 3 },
      { partId: String(disc._id), partsname: disc.partsname, wanted: 2, available: 0 },
    ]);
    expect(await Promise.all([stockOf(pads._id), stockOf(disc._id), stockOf(clips._id)])).toEqual([3, 0, 10]);
    expect(await cartLines(world.alice)).toHaveLength(3);
  });

  it("a total changed since the review is a 409 with the new quote; confirming that total places the order", async () => {
    const part = await makePart({ price: 40 });
    await fillCart(world.alice, [{ partId: part._id, quantity: 2 }]);
    const reviewed = (await quote(world.alice)).body.quote.total;
    expect(reviewed).toBe(85.99);
    expect((await world.carol.put(`/carparts/${String(part._id)}`, { price: 45 })).status).toBe(200);
    const body = { ...TYPED, deliveryMethod: "standard", paymentMethod: "bank-transfer", idempotencyKey: newKey() };
    const refused = await place(world.alice, { ...body, expectedTotal: reviewed });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Prices changed since you reviewed your order: the total is now $95.99.");
    expect(refused.body.quote?.total).toBe(95.99);
    expect(await stockOf(part._id)).toBe(100);
    const confirmed = await place(world.alice, { ...body, expectedTotal: refused.body.quote!.total });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.order.total).toBe(95.99);
  });

  it("refuses an empty cart (400) and a line whose part has left the catalogue, by name", async () => {
    expect((await world.alice.delete("/cart/items")).status).toBe(200);
    const body = { ...TYPED, deliveryMethod: "standard", paymentMethod: "bank-transfer", expectedTotal: 10, idempotencyKey: newKey() };
    const empty = await place(world.alice, body);
    expect([empty.status, empty.body.message]).toEqual([400, "Your cart is empty."]);

    const [kept, gone] = await Promise.all([makePart(), makePart()]);
    await fillCart(world.alice, [
      { partId: kept._id, quantity: 1 },
      { partId: gone._id, quantity: 1 },
    ]);
    expect((await world.carol.delete(`/carparts/${String(gone._id)}`)).status).toBe(200);
    const refused = await place(world.alice, { ...body, idempotencyKey: newKey() });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(gone.partsname);
    expect(await stockOf(kept._id)).toBe(100);
  });

  it("refuses another account's address id (404) and malformed input (400), placing nothing", async () => {
    const part = await makePart();
    await fillCart(world.alice, [{ partId: part._id, quantity: 1 }]);
    const bobs = await world.bob.get<{ addresses: { _id: string }[] }>("/user/addresses");
    const bobAddress = bobs.body.addresses[0]?._id ?? (await world.bob.post<{ address: { _id: string } }>("/user/addresses", { ...TYPED, name: "Bob Roe" })).body.address._id;
    const valid = { ...TYPED, deliveryMethod: "standard", paymentMethod: "bank-transfer", expectedTotal: 15.99, idempotencyKey: newKey() };
    expect((await place(world.alice, { ...valid, name: undefined, addressId: bobAddress })).status).toBe(404);
    const bad: [string, Record<string, unknown>, Record<string, string>?][] = [
      ["no key", { ...valid, idempotencyKey: undefined }],
      ["a short key", { ...valid, idempotencyKey: "abc" }],
      ["two different keys", valid, { "Idempotency-Key": newKey() }],
      ["an unknown delivery method", { ...valid, deliveryMethod: "drone" }],
      ["an unknown payment method", { ...valid, paymentMethod: "card" }],
      ["a total as text", { ...valid, expectedTotal: "15.99" }],
      ["no address at all", { deliveryMethod: "standard", paymentMethod: "bank-transfer", expectedTotal: 15.99, idempotencyKey: newKey() }],
      ["an empty phone", { ...valid, phone: " " }],
      ["a query operator", { ...valid, addressId: { $gt: "" } }],
    ];
    for (const [what, body, headers] of bad) {
      const reply = await place(world.alice, body, headers);
      expect(reply.status, what).toBe(400);
      expect(reply.body.success, what).toBe(false);
    }
    expect((await world.alice.call("POST", "/checkout/orders", { body: "not json", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await quote(world.alice, { deliveryMethod: "drone" })).status).toBe(400);
    expect(await stockOf(part._id)).toBe(100);
    expect(await cartLines(world.alice)).toHaveLength(1);
    expect(await Order.countDocuments({ email: ALICE, "lines.partId": part._id })).toBe(0);
  });
});
