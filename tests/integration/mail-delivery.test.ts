import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectDb, trusted } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { dueMail } from "@/lib/mail/due";
import { MailLog } from "@/models/MailLog";
import { Order } from "@/models/Order";
import { User } from "@/models/User";
import { freePort } from "../../scripts/services/server-process.mjs";
import { makePart, orderBody } from "../support/api";
import { Client, signedUpClient } from "../support/client";
import { allMails, restartMailpit, startMailWorld, stopMailWorld, type MailWorld } from "../support/mail";
import { startServer, type TestServer } from "../support/server";

// Orders placed through the REST API of real server processes, with a real Redis and a real Mailpit:
// each order's confirmation is delivered once, whether the mail server was down during the orders,
// two processes served them, or the server restarted in between.

let world: MailWorld;
const servers: TestServer[] = [];
const CUSTOMER = "mail-burst@example.com";
const ADMIN = "mail-admin@example.com";
let customer: Client;
let admin: Client;

/** The same signed-in person on another server process (sessions are signed tokens every process reads). */
function on(server: TestServer, client: Client): Client {
  const copy = new Client(server.baseUrl, client.email);
  for (const pair of client.cookieHeader().split("; ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    copy.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return copy;
}

async function startShop(port?: number): Promise<TestServer> {
  const server = await startServer(world.env, { port: port ?? (await freePort()) });
  servers.push(server);
  return server;
}

/** Places `count` orders, `concurrency` at a time; every reply's status and each order's time. */
async function burst(client: Client, partId: string, count: number, concurrency = 4): Promise<{ statuses: number[]; ms: number[]; orderIds: string[] }> {
  const statuses: number[] = [];
  const ms: number[] = [];
  const orderIds: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const reply = await client.post<{ result?: { _id?: string } }>("/orderd", orderBody(partId, CUSTOMER, 1));
      ms.push(performance.now() - started);
      statuses.push(reply.status);
      if (reply.body.result?._id) orderIds.push(reply.body.result._id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { statuses, ms, orderIds };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The Message-IDs Mailpit received, each as often as it came. */
async function deliveredIds(): Promise<string[]> {
  return (await allMails(world.mailpit.webUrl)).map((mail) => mail.MessageID.replace(/@.*$/, ""));
}

/** The ids of the confirmation mails of these orders (logged once the relay queued them). */
async function confirmationIds(orderIds: string[]): Promise<string[]> {
  const logs = await MailLog.find({ orderId: trusted({ $in: orderIds }), kind: "order-confirmation" }, { _id: 1 }).lean();
  return logs.map((log) => String(log._id));
}

/** Waits until every one of the mails arrived; then checks that none arrived twice. */
async function expectEachDeliveredOnce(mailIds: string[], timeout: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const delivered = new Set(await deliveredIds());
      expect(mailIds.filter((id) => !delivered.has(id))).toEqual([]);
    },
    { timeout, interval: 500 },
  );
  const delivered = await deliveredIds();
  const twice = delivered.filter((id, i) => delivered.indexOf(id) !== i);
  expect(twice).toEqual([]);
}

beforeAll(async () => {
  world = await startMailWorld();
  await connectDb();
  await ensureIndexes();
  const first = await startShop(process.env.API_TEST_PORT ? Number(process.env.API_TEST_PORT) : undefined);
  [customer, admin] = await Promise.all([signedUpClient(first.baseUrl, CUSTOMER, "Mail Burst"), signedUpClient(first.baseUrl, ADMIN, "Mail Admin")]);
  await User.updateOne({ email: ADMIN }, { $set: { role: "admin" } });
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await stopMailWorld(world);
});

describe("mail through the queue, with real server processes", () => {
  it("places every order as fast with the mail server down, and delivers every confirmation once when it is back", async () => {
    const part = await makePart({ quantity: 1000 });
    const partId = String(part._id);
    // A first burst warms the server up: the two measured bursts compare like with like.
    await burst(customer, partId, 12);
    const up = await burst(customer, partId, 24);
    await world.mailpit.stop();
    const down = await burst(customer, partId, 24);
    console.log(
      `[mail-down] 24 orders, 4 at a time: median ${median(up.ms).toFixed(0)} ms with the mail server up, ${median(down.ms).toFixed(0)} ms with it down; ` +
        `total ${up.ms.reduce((a, b) => a + b, 0).toFixed(0)} ms vs ${down.ms.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
    );
    expect(down.statuses.filter((status) => status !== 201)).toEqual([]);
    expect(up.statuses.filter((status) => status !== 201)).toEqual([]);
    // The mail server is off the order's path: a down one costs an order no more than noise.
    expect(median(down.ms)).toBeLessThan(median(up.ms) * 1.5 + 50);
    // The confirmations are queued meanwhile, each try failing and logged.
    await vi.waitFor(async () => expect(await confirmationIds(down.orderIds)).toHaveLength(24), { timeout: 30_000, interval: 500 });
    await vi.waitFor(async () => expect(await MailLog.countDocuments({ orderId: trusted({ $in: down.orderIds }), lastError: trusted({ $exists: true }) })).toBeGreaterThan(0), { timeout: 30_000, interval: 500 });

    await restartMailpit(world);
    const back = performance.now();
    await expectEachDeliveredOnce(await confirmationIds([...up.orderIds, ...down.orderIds]), 120_000);
    console.log(`[mail-down] every confirmation delivered ${((performance.now() - back) / 1000).toFixed(1)} s after the mail server came back`);
    expect(await MailLog.countDocuments({ orderId: trusted({ $in: down.orderIds }), state: "sent" })).toBe(24);
  }, 300_000);

  it("sends one mail per event with two server processes", async () => {
    const second = await startShop();
    const [a, b] = servers;
    const part = await makePart({ quantity: 1000 });
    const onA = on(a!, customer);
    const onB = on(b!, customer);
    const placed = await Promise.all([burst(onA, String(part._id), 10), burst(onB, String(part._id), 10)]);
    const orderIds = placed.flatMap(({ orderIds: ids }) => ids);
    expect(orderIds).toHaveLength(20);
    // Every order shipped, half through each process: one shipping notice each.
    const shipped = await Promise.all(orderIds.map((id, i) => on(i % 2 ? second : a!, admin).call("PATCH", `/orders/${id}`, { json: { status: "shipped" } })));
    expect(shipped.map((reply) => reply.status).filter((status) => status !== 200)).toEqual([]);
    await vi.waitFor(async () => expect(await MailLog.countDocuments({ orderId: trusted({ $in: orderIds }) })).toBe(40), { timeout: 60_000, interval: 500 });
    const mailIds = (await MailLog.find({ orderId: trusted({ $in: orderIds }) }, { _id: 1 }).lean()).map((log) => String(log._id));
    await expectEachDeliveredOnce(mailIds, 60_000);
  }, 300_000);

  it("sends nothing twice across a restart, and sends a mail a crash left due on its order", async () => {
    const part = await makePart({ quantity: 1000 });
    const a = servers[0]!;
    const placed = await burst(on(a, customer), String(part._id), 12);
    // Stopped while its mails are still being queued and sent.
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    // A crash right after an order's write, before its direct path relayed it: the mail is on the order only, for the sweep.
    const left = dueMail("order-shipped");
    await Order.updateOne({ _id: placed.orderIds[0] }, { $push: { mailsDue: left } });
    const restarted = await startShop();
    expect(restarted.output()).not.toContain("[api] unexpected error");
    const mailIds = [...(await confirmationIds(placed.orderIds)), String(left._id)];
    await vi.waitFor(async () => expect(await confirmationIds(placed.orderIds)).toHaveLength(12), { timeout: 60_000, interval: 500 });
    await expectEachDeliveredOnce([...new Set([...mailIds, ...(await confirmationIds(placed.orderIds))])], 60_000);
    // Once more after a while: the restarted worker and relay sent nothing again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const delivered = await deliveredIds();
    expect(delivered.length).toBe(new Set(delivered).size);
  }, 300_000);

  it("lists an order's mails for an admin only, and sends a failed one again", async () => {
    const server = servers[0]!;
    const part = await makePart({ quantity: 10 });
    const { orderIds } = await burst(on(server, customer), String(part._id), 1, 1);
    const orderId = orderIds[0]!;
    const [mailId] = await vi.waitFor(async () => {
      const ids = await confirmationIds([orderId]);
      expect(ids).toHaveLength(1);
      return ids;
    });
    await expectEachDeliveredOnce([mailId!], 30_000);
    const asAdmin = on(server, admin);
    type Listed = { success: boolean; mails: { id: string; kind: string; subject: string | null; state: string; attempts: number }[] };
    const listed = await asAdmin.get<Listed>(`/orders/${orderId}/mails`);
    expect(listed.status).toBe(200);
    expect(listed.body.mails).toMatchObject([{ id: mailId, kind: "order-confirmation", state: "sent", attempts: 1 }]);
    expect(listed.body.mails[0]?.subject).toMatch(/confirmed/);
    expect((await on(server, customer).get(`/orders/${orderId}/mails`)).status).toBe(403);
    expect((await new Client(server.baseUrl).get(`/orders/${orderId}/mails`)).status).toBe(401);
    expect((await asAdmin.get(`/orders/not-an-id/mails`)).status).toBe(400);
    expect((await asAdmin.get(`/orders/${"0".repeat(24)}/mails`)).status).toBe(404);
    expect((await asAdmin.post(`/orders/${orderId}/mails/${mailId}/send`)).status).toBe(409);
    expect((await asAdmin.post(`/orders/${orderId}/mails/${"0".repeat(24)}/send`)).status).toBe(404);

    // Every try failed (the mail server refused it for 17 minutes): the admin sends it again.
    await MailLog.updateOne({ _id: mailId }, { $set: { state: "failed", lastError: "550 mailbox unavailable" } });
    const again = await asAdmin.post<{ success: boolean }>(`/orders/${orderId}/mails/${mailId}/send`);
    expect(again.status).toBe(200);
    await vi.waitFor(async () => expect((await deliveredIds()).filter((id) => id === mailId)).toHaveLength(2), { timeout: 30_000, interval: 500 });
    await vi.waitFor(async () => expect((await asAdmin.get<Listed>(`/orders/${orderId}/mails`)).body.mails[0]).toMatchObject({ state: "sent", attempts: 2 }));
  }, 120_000);

  it("starts and takes orders with its Redis never reachable, their mail recorded on the orders for the sweep", async () => {
    // Alone: no other process's relay may queue these orders' mail.
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const server = await startServer({ ...world.env, REDIS_URL: nowhere }, { port: await freePort() });
    servers.push(server);
    const part = await makePart({ quantity: 10 });
    const placed = await burst(on(server, customer), String(part._id), 4, 2);
    expect(placed.statuses).toEqual([201, 201, 201, 201]);
    console.log(`[redis-down] 4 orders, median ${median(placed.ms).toFixed(0)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const id of placed.orderIds) {
      const order = (await Order.findById(id, { mailsDue: 1 }).lean()) as { mailsDue?: { kind: string }[] } | null;
      expect(order?.mailsDue?.map((due) => due.kind)).toEqual(["order-confirmation"]);
    }
    expect(server.output()).not.toContain("[api] unexpected error");
  }, 120_000);
});
