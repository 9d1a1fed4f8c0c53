import { describe, expect, it } from "vitest";
import * as replies from "@/lib/validation/responses";
import { ordersSummary } from "@/lib/orders/queries";
import { toCents } from "@/lib/validation/orders";
import { ALICE, makePart, setUpApiWorld, stockOf } from "../support/api";
import { placeLines } from "../support/order-lines";

// An order of several lines through the REST paths: read by its id (owner or admin), marked paid
// by an admin only and once, and its revenue counted once paid.

const world = setUpApiWorld();

const aliceOrder = async () => {
  const parts = await Promise.all([makePart({ quantity: 20, price: 12.5 }), makePart({ quantity: 20, price: 3 })]);
  const order = await placeLines([[String(parts[0]._id), 2], [String(parts[1]._id), 5]], { email: ALICE });
  return { order, id: String(order._id), parts };
};

describe("GET /orders/{id}", () => {
  it("gives the owner and an admin the order with its lines, totals and payment; anyone else a 404", async () => {
    const { id, order } = await aliceOrder();
    const mine = await world.alice.get(`/orders/${id}`);
    expect(mine.status).toBe(200);
    const { order: view } = replies.orderReplySchema.parse(mine.body);
    expect(view.lines.map((line) => [line.quantity, line.total])).toEqual([[2, 25], [5, 15]]);
    expect(view).toMatchObject({ subtotal: 40, deliveryPrice: 5, total: 45, paymentMethod: "bank-transfer", paymentStatus: "unpaid", number: order.number });
    expect((await world.carol.get(`/orders/${id.toUpperCase()}`)).status).toBe(200);
    expect((await world.bob.get(`/orders/${id}`)).status).toBe(404);
    expect((await world.nobody.get(`/orders/${id}`)).status).toBe(401);
    // The email form stays: a page of that customer's orders.
    const list = await world.alice.get(`/orders/${encodeURIComponent(ALICE)}`);
    expect(list.status).toBe(200);
    expect((list.body as { _id: string }[]).map((listed) => listed._id)).toContain(id);
  });
});

describe("PATCH /orders/{id} with paymentStatus", () => {
  it("an admin marks a bank transfer paid once; the day's revenue gains its total once", async () => {
    const { id, order } = await aliceOrder();
    const before = await ordersSummary(1);
    expect((await world.alice.call("PATCH", `/orders/${id}`, { json: { paymentStatus: "paid" } })).status).toBe(403);
    const paid = await world.carol.call("PATCH", `/orders/${id}`, { json: { paymentStatus: "paid" } });
    expect(paid.status).toBe(200);
    expect(replies.orderUpdatedSchema.parse(paid.body)).toMatchObject({ message: "Order marked paid.", result: { paymentStatus: "paid" } });
    const again = await world.carol.call("PATCH", `/orders/${id}`, { json: { paymentStatus: "paid" } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: "This order is already paid." });
    const after = await ordersSummary(1);
    expect(toCents(after.revenue) - toCents(before.revenue)).toBe(toCents(order.total));
    expect(after.orders).toBe(before.orders);
  });

  it("refuses a body with both fields, neither, or another payment status (400), and changes nothing", async () => {
    const { id, parts } = await aliceOrder();
    for (const json of [{ status: "shipped", paymentStatus: "paid" }, {}, { paymentStatus: "unpaid" }]) {
      const reply = await world.carol.call("PATCH", `/orders/${id}`, { json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
    }
    const { order } = replies.orderReplySchema.parse((await world.alice.get(`/orders/${id}`)).body);
    expect(order).toMatchObject({ status: "placed", paymentStatus: "unpaid" });
    expect(await stockOf(parts[0]._id)).toBe(18);
  });

  it("cancelling puts every line back; a cancelled order cannot be paid (409)", async () => {
    const { id, parts } = await aliceOrder();
    expect((await world.carol.call("PATCH", `/orders/${id}`, { json: { status: "cancelled" } })).status).toBe(200);
    expect([await stockOf(parts[0]._id), await stockOf(parts[1]._id)]).toEqual([20, 20]);
    const paid = await world.carol.call("PATCH", `/orders/${id}`, { json: { paymentStatus: "paid" } });
    expect(paid.status).toBe(409);
    expect(paid.body).toEqual({ success: false, message: "This order is cancelled; there is nothing to pay." });
  });

  it("deleting an order of several lines, as its owner while placed, puts every line back", async () => {
    const { id, parts } = await aliceOrder();
    expect((await world.alice.call("DELETE", `/orders/${id}`)).status).toBe(200);
    expect([await stockOf(parts[0]._id), await stockOf(parts[1]._id)]).toEqual([20, 20]);
    expect((await world.alice.get(`/orders/${id}`)).status).toBe(404);
  });
});
