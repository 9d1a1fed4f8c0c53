import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Types } from "mongoose";
import { connectDb } from "@/lib/storage/connect";
import { Checkpoint } from "@/lib/storage/models/Checkpoint";
import { ensureIndexes } from "@/lib/seed/seed";
import { closeJobs } from "@/lib/jobs/queues";
import type { ComposedMail, QueuedMail } from "@/lib/mail/compose-types";
import { dueMail, mailsRecorded, queuedMail } from "@/lib/mail/due";
import { logQueued } from "@/lib/mail/mail-log";
import { relayMails, startMailRelay, sweepDueMails } from "@/lib/mail/relay";
import { sendMailAgain } from "@/lib/mail/resend";
import { closeTransport } from "@/lib/mail/transport";
import { queueMail, startMailWorker } from "@/lib/mail/worker";
import { createAccountWithPassword } from "@/lib/users/commands";
import type { DueMail } from "@/models/due-mail";
import { MailLog } from "@/models/MailLog";
import { Order } from "@/models/Order";
import { User } from "@/models/User";
import { makePart } from "../support/api";
import { allMails, readMail, restartMailpit, startMailWorld, stopMailWorld, waitForMailsTo, type MailWorld } from "../support/mail";
import { placeLines } from "../support/order-lines";

// The relay and the worker in this process, on a real Redis and a real Mailpit: a mail due on an
// order is queued, sent once and logged, whatever crashed or went away in between, and the relay
// never writes the order.

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
let part: { _id: unknown } | undefined;
/** An order, its customer's address its own. */
async function newOrder() {
  orderCount += 1;
  part ??= await makePart({ quantity: 10_000 });
  const email = `queue-${orderCount}-${new Types.ObjectId().toString().slice(-6)}@example.com`;
  const order = await placeLines([[String(part._id), 1]], { email });
  return { order, email };
}

/** An order with a mail due on it whose direct path never ran (a crash right after the cause's write). */
async function orderWithMailDue(at = new Date()) {
  const { order, email } = await newOrder();
  const due: DueMail = { ...dueMail("order-confirmation"), at };
  await Order.updateOne({ _id: order._id }, { $push: { mailsDue: due } });
  return { order, email, mailId: String(due._id), mail: queuedMail({ orderId: String(order._id) }, due) };
}

const dueOn = async (orderId: unknown) => ((await Order.findById(orderId, { mailsDue: 1 }).lean()) as { mailsDue?: DueMail[] } | null)?.mailsDue ?? [];
const stateOf = async (mailId: string) => (await MailLog.findById(mailId).lean())?.state;

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
  it("sweeps up a mail whose direct path never ran, sends it once, logs it sent and leaves the order's record of it", async () => {
    const { order, email, mailId } = await orderWithMailDue();
    expect((await sweepDueMails()).relayed).toBeGreaterThanOrEqual(1);
    const [delivered] = await waitForMailsTo(world.mailpit.webUrl, email);
    const message = await readMail(world.mailpit.webUrl, delivered!.ID);
    expect(message.Subject).toBe(`Order ${order.number}: order-confirmation`);
    expect(message.MessageID).toBe(`${mailId}@localhost`);
    expect(message.From.Name).toBe("AutoParts Hub");
    await vi.waitFor(async () => expect(await stateOf(mailId)).toBe("sent"));
    const log = await MailLog.findById(mailId).lean();
    expect({ orderId: String(log?.orderId), to: log?.to, attempts: log?.attempts }).toEqual({ orderId: String(order._id), to: email, attempts: 1 });
    expect((await dueOn(order._id)).map((due) => String(due._id))).toContain(mailId);
  });

  it("queues the mails a write of this process records at once, through mailsRecorded()", async () => {
    stopRelay = startMailRelay();
    const { order, email } = await newOrder();
    const due = dueMail("order-shipped");
    await Order.updateOne({ _id: order._id }, { $set: { status: "shipped" }, $push: { mailsDue: due } });
    mailsRecorded({ orderId: String(order._id) }, [due]);
    try {
      const [mail] = await waitForMailsTo(world.mailpit.webUrl, email, 1, 10_000);
      expect(mail?.MessageID).toBe(`${String(due._id)}@localhost`);
    } finally {
      stopRelay();
    }
  });

  it("writes nothing to the orders and accounts whose mails it relays", async () => {
    const { order } = await orderWithMailDue();
    await createAccountWithPassword({ email: `relay-${new Types.ObjectId()}@example.com`, password: "relay-pass-1", name: "Rae" });
    const user = await User.collection.find({ email: /^relay-/ }).toArray();
    const before = { order: await Order.collection.findOne({ _id: order._id }), users: user };
    expect((await sweepDueMails()).relayed).toBeGreaterThanOrEqual(2);
    const after = { order: await Order.collection.findOne({ _id: order._id }), users: await User.collection.find({ email: /^relay-/ }).toArray() };
    expect(after).toEqual(before);
  });

  it("loses neither a status change nor its mail when the relay of the order's other mail races it, pair after pair", async () => {
    stopRelay = startMailRelay();
    const orders = await Promise.all(Array.from({ length: 60 }, () => orderWithMailDue()));
    const shipped = await Promise.all(
      orders.map(async ({ order, mail }) => {
        const due = dueMail("order-shipped");
        const ship = async () => {
          await Order.updateOne({ _id: order._id }, { $set: { status: "shipped" }, $push: { mailsDue: due } });
          mailsRecorded({ orderId: String(order._id) }, [due]);
        };
        await Promise.all([relayMails([mail]), ship()]);
        return String(due._id);
      }),
    );
    for (const [i, { order }] of orders.entries()) {
      const stored = await Order.findById(order._id, { status: 1, mailsDue: 1 }).lean<{ status: string; mailsDue: DueMail[] }>();
      expect(stored?.status).toBe("shipped");
      expect(stored?.mailsDue.map((due) => String(due._id))).toContain(shipped[i]);
    }
    await vi.waitFor(async () => expect(await Promise.all(shipped.map(stateOf))).toEqual(shipped.map(() => "sent")), { timeout: 60_000, interval: 500 });
    stopRelay();
  }, 120_000);

  it("sends a mail logged before a crash but never queued, and one queued already, once however often they are relayed again", async () => {
    const logged = await orderWithMailDue();
    await logQueued(logged.mail);
    const queued = await orderWithMailDue();
    await logQueued(queued.mail);
    await queueMail(queued.mail);
    await sweepDueMails();
    await sweepDueMails();
    for (const { email, mailId } of [logged, queued]) {
      await waitForMailsTo(world.mailpit.webUrl, email);
      await vi.waitFor(async () => expect(await stateOf(mailId)).toBe("sent"));
    }
    // Queued once more after it was sent: the log says sent, nothing goes out.
    await queueMail({ ...queued.mail });
    await relayMails([logged.mail]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await waitForMailsTo(world.mailpit.webUrl, queued.email)).toHaveLength(1);
    expect(await waitForMailsTo(world.mailpit.webUrl, logged.email)).toHaveLength(1);
  });

  it("keeps the mail while the mail server is down, logging why, and sends it once when it is back", async () => {
    await world.mailpit.stop();
    const { email, mailId } = await orderWithMailDue();
    await sweepDueMails();
    await vi.waitFor(async () => expect((await MailLog.findById(mailId).lean())?.lastError).toMatch(/ECONNREFUSED|connect/i), { timeout: 15_000, interval: 200 });
    expect(await stateOf(mailId)).toBe("queued");
    await restartMailpit(world);
    await waitForMailsTo(world.mailpit.webUrl, email, 1, 30_000);
    await vi.waitFor(async () => expect(await stateOf(mailId)).toBe("sent"));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await waitForMailsTo(world.mailpit.webUrl, email)).toHaveLength(1);
  }, 90_000);

  it("sends a mail recorded while Redis is away once Redis is back, the sweep's checkpoint held meanwhile", async () => {
    const port = world.redis.port;
    await world.redis.stop();
    const checkpoint = await Checkpoint.findById("mail-sweep").lean();
    const { order, email, mail } = await orderWithMailDue();
    await expect(relayMails([mail])).rejects.toThrow();
    await expect(sweepDueMails()).rejects.toThrow();
    expect((await Checkpoint.findById("mail-sweep").lean())?.at).toEqual(checkpoint?.at);
    const { startRedis } = await import("../../scripts/services/redis.mjs");
    world.redis = await startRedis({ port });
    await vi.waitFor(() => sweepDueMails(), { timeout: 20_000, interval: 500 });
    await waitForMailsTo(world.mailpit.webUrl, email, 1, 30_000);
    expect((await dueOn(order._id)).map((due) => String(due._id))).toEqual([mail.id]);
  }, 90_000);

  it("reads only the mails recorded since its checkpoint: a round with nothing new relays nothing and reads no old mail again", async () => {
    await Checkpoint.deleteOne({ _id: "mail-sweep" });
    const long = await orderWithMailDue(new Date(Date.now() - 30 * 60_000));
    const lately = await orderWithMailDue(new Date(Date.now() - 10 * 60_000));
    const first = await sweepDueMails();
    expect(first.relayed).toBeGreaterThanOrEqual(2);
    const second = await sweepDueMails();
    expect(second.relayed).toBe(0);
    expect(second.considered).toBeLessThanOrEqual(first.considered - 2);
    for (const { email } of [long, lately]) await waitForMailsTo(world.mailpit.webUrl, email);
  }, 60_000);

  it("marks a mail with nothing to send failed, and an admin's send again delivers it", async () => {
    composing = "nothing";
    const { order, email, mailId, mail } = await orderWithMailDue();
    await relayMails([mail]);
    await vi.waitFor(async () => expect(await stateOf(mailId)).toBe("failed"));
    composing = "mail";
    await sendMailAgain(String(order._id), mailId);
    await waitForMailsTo(world.mailpit.webUrl, email);
    await vi.waitFor(async () => expect(await stateOf(mailId)).toBe("sent"));
    await expect(sendMailAgain(String(order._id), mailId)).rejects.toThrow(/sent already/);
  });

  it("sends nothing twice over the whole file", async () => {
    const ids = (await allMails(world.mailpit.webUrl)).map((mail) => mail.MessageID);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
