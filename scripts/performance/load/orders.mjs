// The orders phase of npm run load: `connections` customers' orders at once, spread over the parts
// (the bench's POST /orderd x50 row, on the load's catalogue), for `seconds`. Counted: orders
// placed per second and every reply that is not 201 (a part running short answers 409, which is
// counted apart: it is the shop refusing to oversell, not a failure).
import autocannon from "autocannon";

export async function ordersLoad(base, partIds, customer, { connections, seconds }) {
  let next = 0;
  const order = (partId) => JSON.stringify({ _id: partId, name: "Load Tester", email: customer.email, quantity: 1, phone: "555-0100", address: "1 Load Road" });
  const statuses = new Map();
  const result = await autocannon({
    url: `${base}/orderd`,
    connections,
    duration: seconds,
    method: "POST",
    headers: { "content-type": "application/json", cookie: customer.cookie, origin: base },
    requests: [{ setupRequest: (request) => ({ ...request, body: order(partIds[next++ % partIds.length]) }) }],
    setupClient: (client) => client.on("response", (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1)),
  });
  const placed = statuses.get(201) ?? 0;
  return {
    ordersPerSecond: Math.round(placed / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: Object.fromEntries([...statuses].sort()),
    fiveXX: [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
    errors: result.errors + result.timeouts,
  };
}
