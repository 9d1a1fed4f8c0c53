import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Types } from "mongoose";
import { connectDb } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { closeJobs } from "@/lib/jobs/queues";
import type { ComposedMail, QueuedMail } from "@/lib/mail/compose-types";
import { dueMail, mailsRecorded } from "@/lib/mail/due";
import { logQueued } from "@/lib/mail/mail-log";
import { relayDueMails, startMailRelay } from "@/lib/mail/relay";
import { sendMailAgain } from "@/lib/mail/resend";
import { closeTransport } from "@/lib/mail/transport";
import { queueMail, startMailWorker } from "@/lib/mail/worker";
import { MailLog } from "@/models/MailLog";
import { Order } from "@/models/Order";
import { makePart } from "../support/api";
import { allMails, readMail, restartMailpit, startMailWorld, stopMailWorld, waitForMailsTo, type MailWorld } from "../support/mail";
import { placeLines } from "../support/order-lines";

// The relay and the worker in this process, on a real Redis and a real Mailpit: mail due on an order
// is queued, sent once and logged, whatever crashed or went away in between.

let world: MailWorld;
let stopRelay = () => {};
/** What the test's composer answers: null for "nothing to send any more". */
let composing: "mail" | "nothing" = "mail";

async function compose(mail: QueuedMail): Promise<ComposedMail | null> {
  if (composing === "nothing") return null;
  const order = await Order.findById(mail.orderId).lean();
  if (!order) return null;
  return { to: order.email, subject: `Order ${order.number}: ${mail.kind}`, text: `Total ${order.total}`, html: `<p>Total ${order.total}</p>` };
}

let orderCount = 0;
/** An order with a mail due on it, as a cause's write leaves it; its customer's address is its own. */
async function orderWithMailDue() {
  orderCount += 1;
  const part = await makePart({ quantity: 50 });
  const email = `queue-${orderCount}-${new Types.ObjectId().toString().slice(-6)}@example.com`;
  const order = await placeLines([[String(part._id), 1]], { email });
  const due = dueMail("order-confirmation");
  await Order.updateOne({ _id: order._id }, { $push: { mailsDue: due } });
  return { order, email, mailId: String(due._id) };
}

const dueOn = async (orderId: unknown) => ((await Order.findById(orderId, { mailsDue: 1 }).lean()) as { mailsDue?: unknown[] } | null)?.mailsDue ?? [];

beforeAll(async () => {
  world = await startMailWorld();
  process.env.REDIS_URL = world.env.REDIS_URL;
  process.env.SMTP_URL = world.env.SMTP_URL;
  await connectDb();
  await ensureIndexes();
  startMailWorker(compose);
}, 120_000);

afterAll(async () => {
  stopRelay();
  await closeJobs();
  closeTransport();
  await stopMailWorld(world);
});

describe("the mail relay and worker", () => {
  it("sends a mail left due on its order (a crash between the write and the relay) once, logs it sent and takes it off the order", async () => {
    const { order, email, mailId } = await orderWithMailDue();
    expect(await relayDueMails()).toBeGreaterThanOrEqual(1);
    const [delivered] = await waitForMailsTo(world.mailpit.webUrl, email);
    const message = await readMail(world.mailpit.webUrl, delivered!.ID);
    expect(message.Subject).toBe(`Order ${order.number}: order-confirmation`);
    expect(message.MessageID).toBe(`${mailId}@localhost`);
    expect(message.From.Name).toBe("AutoParts Hub");
    await vi.waitFor(async () => expect((await MailLog.findById(mailId).lean())?.state).toBe("sent"));
    const log = await MailLog.findById(mailId).lean();
    expect({ orderId: String(log?.orderId), to: log?.to, attempts: log?.attempts }).toEqual({ orderId: String(order._id), to: email, attempts: 1 });
    expect(await dueOn(order._id)).toEqual([]);
  });

  it("queues a mail this process records at once, through mailsRecorded()", async () => {
    stopRelay = startMailRelay();
    const { email } = await orderWithMailDue();
    mailsRecorded();
    await waitForMailsTo(world.mailpit.webUrl, email, 1, 10_000);
    stopRelay();
  });

  it("sends a mail queued before a crash and still due on its order once, however often it is relayed again", async () => {
    const { order, email, mailId } = await orderWithMailDue();
    // The relay crashed after queuing it, before taking it off the order.
    const mail: QueuedMail = { id: mailId, kind: "order-confirmation", orderId: String(order._id) };
    await logQueued(mail);
    await queueMail(mail);
    await relayDueMails();
    await relayDueMails();
    await waitForMailsTo(world.mailpit.webUrl, email);
    await vi.waitFor(async () => expect((await MailLog.findById(mailId).lean())?.state).toBe("sent"));
    // Queued once more after it was sent: the log says sent, nothing goes out.
    await queueMail({ ...mail });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await waitForMailsTo(world.mailpit.webUrl, email)).toHaveLength(1);
    expect(await dueOn(order._id)).toEqual([]);
  });

  it("keeps the mail while the mail server is down, logging why, and sends it once when it is back", async () => {
    await world.mailpit.stop();
    const { email, mailId } = await orderWithMailDue();
    await relayDueMails();
    await vi.waitFor(async () => expect((await MailLog.findById(mailId).lean())?.lastError).toMatch(/ECONNREFUSED|connect/i), { timeout: 15_000, interval: 200 });
    expect((await MailLog.findById(mailId).lean())?.state).toBe("queued");
    await restartMailpit(world);
    await waitForMailsTo(world.mailpit.webUrl, email, 1, 30_000);
    await vi.waitFor(async () => expect((await MailLog.findById(mailId).lean())?.state).toBe("sent"));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await waitForMailsTo(world.mailpit.webUrl, email)).toHaveLength(1);
  }, 90_000);

  it("leaves the mail due on its order while Redis is away, and queues it once Redis is back", async () => {
    const port = world.redis.port;
    await world.redis.stop();
    const { order, email } = await orderWithMailDue();
    await expect(relayDueMails()).rejects.toThrow();
    expect(await dueOn(order._id)).toHaveLength(1);
    const { startRedis } = await import("../../scripts/services/redis.mjs");
    world.redis = await startRedis({ port });
    await vi.waitFor(() => relayDueMails(), { timeout: 20_000, interval: 500 });
    await waitForMailsTo(world.mailpit.webUrl, email, 1, 30_000);
    expect(await dueOn(order._id)).toEqual([]);
  }, 90_000);

  it("marks a mail with nothing to send failed, and an admin's send again delivers it", async () => {
    composing = "nothing";
    const { order, email, mailId } = await orderWithMailDue();
    await relayDueMails();
    await vi.waitFor(async () => expect((await MailLog.findById(mailId).lean())?.state).toBe("failed"));
    composing = "mail";
    await sendMailAgain(String(order._id), mailId);
    await waitForMailsTo(world.mailpit.webUrl, email);
    await vi.waitFor(async () => expect((await MailLog.findById(mailId).lean())?.state).toBe("sent"));
    await expect(sendMailAgain(String(order._id), mailId)).rejects.toThrow(/sent already/);
  });

  it("sends nothing twice over the whole file", async () => {
    const ids = (await allMails(world.mailpit.webUrl)).map((mail) => mail.MessageID);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
