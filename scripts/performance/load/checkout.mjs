// A customer's checkout through the REST API, as the bench's checkout group and the load's checkout
// clients drive it: each part added to the cart (one unit), the review's quote, then the order
// placed at the quoted total with an idempotency key. `send(step, path, init)` sends and times one
// request ("cart", "quote" or "place") and answers { status, body }.
import { randomUUID } from "node:crypto";

/** How the customer fills in the checkout form. */
const DELIVERY = { name: "Checkout Tester", phone: "555-0100", address: "1 Checkout Road, Springfield" };

const jsonOf = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return {};
  }
};

/**
 * One checkout of `partIds` by the customer whose session is `cookie`; `origin` is the shop's public
 * origin (POSTs from a page carry it). Answers { order } when placed (its id and number), else
 * { failedAt, status, message } at the first reply that was not a success: then the cart is emptied,
 * so the next checkout starts from an empty cart.
 */
export async function checkout(send, { cookie, origin }, partIds) {
  const headers = { "content-type": "application/json", cookie, origin };
  const post = (step, path, body) => send(step, path, { method: "POST", headers, body: JSON.stringify(body) });
  const failed = async (failedAt, reply) => {
    await send("cart", "/cart/items", { method: "DELETE", headers });
    return { failedAt, status: reply.status, message: jsonOf(reply.body).message ?? reply.body.slice(0, 200) };
  };
  for (const partId of partIds) {
    const added = await post("cart", "/cart/items", { partId, quantity: 1 });
    if (added.status !== 201) return failed("cart", added);
  }
  const quoted = await post("quote", "/checkout/quote", {});
  const quote = jsonOf(quoted.body).quote;
  if (quoted.status !== 200 || !quote) return failed("quote", quoted);
  const placed = await post("place", "/checkout/orders", {
    ...DELIVERY,
    deliveryMethod: quote.deliveryMethod,
    paymentMethod: quote.paymentMethods[0],
    expectedTotal: quote.total,
    idempotencyKey: randomUUID(),
  });
  const order = jsonOf(placed.body).order;
  if (placed.status !== 201 || !order) return failed("place", placed);
  return { order: { _id: String(order._id), number: order.number } };
}

/** `count` distinct parts of `partIds`, chosen by `random` (0 ≤ random() < 1). */
export function distinctParts(partIds, count, random = Math.random) {
  const chosen = new Set();
  while (chosen.size < Math.min(count, partIds.length)) chosen.add(partIds[Math.floor(random() * partIds.length)]);
  return [...chosen];
}

/**
 * Units taken from each part by the orders stored since `since` (of `email` alone, when given), from
 * their lines (an order stored before lines existed is its one part): to check that stock plus
 * ordered units is the stock before.
 */
export async function unitsOrderedSince(orders, since, email) {
  const units = new Map();
  const found = orders.find({ createdAt: { $gte: since }, ...(email ? { email } : {}) }, { projection: { partId: 1, quantity: 1, lines: 1 } });
  for await (const order of found) {
    const lines = order.lines?.length ? order.lines : [{ partId: order.partId, quantity: order.quantity }];
    for (const line of lines) units.set(String(line.partId), (units.get(String(line.partId)) ?? 0) + line.quantity);
  }
  return units;
}
