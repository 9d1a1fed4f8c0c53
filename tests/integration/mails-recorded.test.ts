import { beforeAll, describe, expect, it } from "vitest";
import { addPart } from "@/lib/catalogue/commands";
import { connectDb } from "@/lib/storage/connect";
import { locksHeldElsewhere } from "../support/locks-held-elsewhere";
import { completeInterruptedWrites } from "@/lib/maintenance/interrupted-writes";
import { onMailsRecorded } from "@/lib/mail/due";
import { changeOrderStatus, deleteOrder, markOrderPaid } from "@/lib/orders/commands";
import { placeOrder } from "@/lib/orders/place-order";
import { type PlaceLines, placeOrderLines } from "@/lib/orders/place-lines";
import { expireUnpaidTransfers } from "@/lib/orders/unpaid-transfers";
import { ensureIndexes } from "@/lib/seed/seed";
import { EmailTakenError, createAccountWithPassword, registerUser } from "@/lib/users/commands";
import type { AccountView } from "@/lib/users/views";
import { partSchema } from "@/lib/validation/parts";
import type { QueuedMail } from "@/lib/mail/compose-types";
import type { DueMail } from "@/models/due-mail";
import { Order } from "@/models/Order";
import { ScheduledRun } from "@/models/ScheduledRun";
import { User } from "@/models/User";
import { placeLines } from "../support/order-lines";

// Every cause records its mail in its own write: an order placed, its status or payment changed, an
// account opened. No mail relay runs here, so the mails stay on their documents to be read.

const ADMIN = { role: "admin", email: "admin@example.com" } as AccountView;
const DAY_MS = 24 * 60 * 60 * 1000;
const START_STOCK = 50;

let serial = 0;
async function newPart(): Promise<string> {
  serial += 1;
  const part = await addPart(partSchema.parse({ partsname: `Mailed part ${serial}`, image: "/parts/placeholder.svg", price: 20, quantity: START_STOCK, description: "For the mail tests." }));
  return String(part._id);
}

const onePart = (partId: string, quantity = 1) => placeOrder({ partId, quantity, name: "Mia Mail", email: "mia@example.com", phone: "555-0100", address: "1 Mail Road" });
const checkout = (lines: PlaceLines["lines"], more: Partial<PlaceLines> = {}): PlaceLines => ({
  email: "mia@example.com",
  name: "Mia Mail",
  phone: "555-0100",
  address: "1 Mail Road",
  lines,
  deliveryMethod: "standard",
  priceDelivery: () => ({ price: 5, by: new Date(Date.now() + 3 * DAY_MS) }),
  paymentMethod: "bank-transfer",
  ...more,
});

async function orderMails(orderId: unknown): Promise<DueMail[]> {
  const order = await Order.findById(orderId).select("+mailsDue").lean<{ mailsDue?: DueMail[] }>();
  return order?.mailsDue ?? [];
}
const kinds = async (orderId: unknown) => (await orderMails(orderId)).map((mail) => mail.kind);

async function accountMails(email: string): Promise<string[]> {
  const user = await User.findOne({ email }).select("+mailsDue").lean<{ mailsDue?: DueMail[] }>();
  return (user?.mailsDue ?? []).map((mail) => mail.kind);
}

/** The mails this process's relay was handed while `work` ran. */
async function handedOver(work: () => Promise<unknown>): Promise<QueuedMail[]> {
  const mails: QueuedMail[] = [];
  const stop = onMailsRecorded((recorded) => mails.push(...recorded));
  try {
    await work();
  } finally {
    stop();
  }
  return mails;
}

const { hold, letGo } = locksHeldElsewhere();

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("an order placed", () => {
  it("by Purchase Now carries one confirmation, and the relay is told at once", async () => {
    const partId = await newPart();
    let order: Awaited<ReturnType<typeof onePart>> | undefined;
    const mails = await handedOver(async () => (order = await onePart(partId, 2)));
    expect(await kinds(order!._id)).toEqual(["order-confirmation"]);
    const [due] = await orderMails(order!._id);
    expect(mails).toEqual([{ id: String(due!._id), kind: "order-confirmation", orderId: String(order!._id) }]);
  });

  it("at the checkout carries one confirmation, and a retry with the same key records none more", async () => {
    const [a, b] = await Promise.all([newPart(), newPart()]);
    const { order } = await placeOrderLines(checkout([{ partId: a, quantity: 1 }, { partId: b, quantity: 2 }], { idempotencyKey: "mail-key-0001" }));
    const mails = await orderMails(order._id);
    expect(mails.map((mail) => mail.kind)).toEqual(["order-confirmation"]);
    const again = await placeOrderLines(checkout([{ partId: a, quantity: 1 }, { partId: b, quantity: 2 }], { idempotencyKey: "mail-key-0001" }));
    expect(again.replayed).toBe(true);
    expect((await orderMails(order._id)).map((mail) => String(mail._id))).toEqual([String(mails[0]!._id)]);
  });

  it("refused stores no order and so no mail", async () => {
    const partId = await newPart();
    await expect(onePart(partId, START_STOCK + 1)).rejects.toThrow();
    await expect(placeOrderLines(checkout([{ partId, quantity: START_STOCK + 1 }], { email: "refused@example.com" }))).rejects.toThrow();
    expect(await Order.countDocuments({ email: "refused@example.com" })).toBe(0);
    expect(await Order.countDocuments({ partId })).toBe(0);
  });
});

describe("an order's status or payment changed", () => {
  it("shipped, then delivered: one mail each, in the write that set the status", async () => {
    const partId = await newPart();
    const order = await onePart(partId);
    await changeOrderStatus(order._id, "shipped");
    expect(await kinds(order._id)).toEqual(["order-confirmation", "order-shipped"]);
    await changeOrderStatus(order._id, "delivered");
    expect(await kinds(order._id)).toEqual(["order-confirmation", "order-shipped", "order-delivered"]);
  });

  it("cancelled: one mail carrying what went back in stock", async () => {
    const [a, b] = await Promise.all([newPart(), newPart()]);
    const { order } = await placeOrderLines(checkout([{ partId: a, quantity: 3 }, { partId: b, quantity: 1 }]));
    await changeOrderStatus(order._id, "cancelled");
    const mails = await orderMails(order._id);
    expect(mails.map((mail) => mail.kind)).toEqual(["order-confirmation", "order-cancelled"]);
    const putBack = (mails[1]!.data as { putBack: { partsname: string; quantity: number }[] }).putBack;
    expect(putBack.sort((x, y) => x.quantity - y.quantity)).toEqual([
      { partsname: order.lines.find((line) => line.partId === b)!.partsname, quantity: 1 },
      { partsname: order.lines.find((line) => line.partId === a)!.partsname, quantity: 3 },
    ]);
  });

  it("a bank transfer marked paid: one payment-received mail; marking it paid again records none", async () => {
    const partId = await newPart();
    const { order } = await placeOrderLines(checkout([{ partId, quantity: 1 }]));
    await markOrderPaid(order._id);
    await expect(markOrderPaid(order._id)).rejects.toThrow("already paid");
    expect(await kinds(order._id)).toEqual(["order-confirmation", "payment-received"]);
  });

  it("a cash-on-delivery order delivered is paid with it, and gets the delivery's mail only", async () => {
    const partId = await newPart();
    const order = await onePart(partId);
    await changeOrderStatus(order._id, "shipped");
    await changeOrderStatus(order._id, "delivered");
    expect(await kinds(order._id)).toEqual(["order-confirmation", "order-shipped", "order-delivered"]);
  });

  it("set to the status it has, or two ships at once: one mail only", async () => {
    const partId = await newPart();
    const order = await onePart(partId);
    const results = await Promise.allSettled([changeOrderStatus(order._id, "shipped"), changeOrderStatus(order._id, "shipped")]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    await expect(changeOrderStatus(order._id, "shipped")).rejects.toThrow("already shipped");
    expect(await kinds(order._id)).toEqual(["order-confirmation", "order-shipped"]);
  });

  it("a change that cannot take its part's lock records none", async () => {
    const partId = await newPart();
    const order = await onePart(partId);
    await hold(`part:${partId}`);
    await expect(changeOrderStatus(order._id, "shipped")).rejects.toThrow();
    expect(await kinds(order._id)).toEqual(["order-confirmation"]);
  }, 30_000);

  it("a cancel cut short after its order write keeps its one mail, and start-up completing it adds none", async () => {
    const partId = await newPart();
    const order = await onePart(partId, 2);
    await hold("lists:orders");
    await expect(changeOrderStatus(order._id, "cancelled")).rejects.toThrow();
    await letGo();
    await completeInterruptedWrites();
    await completeInterruptedWrites();
    expect(await kinds(order._id)).toEqual(["order-confirmation", "order-cancelled"]);
  }, 60_000);

  it("an unpaid bank transfer cancelled past the hold: one cancellation mail with what went back", async () => {
    await ScheduledRun.deleteMany({});
    const partId = await newPart();
    const expired = await placeLines([[partId, 4]], { createdAt: new Date(Date.now() - 9 * DAY_MS) });
    expect(await expireUnpaidTransfers()).toBeGreaterThanOrEqual(1);
    const mails = await orderMails(expired._id);
    expect(mails.map((mail) => mail.kind)).toEqual(["order-cancelled"]);
    expect(mails[0]!.data).toEqual({ putBack: [{ partsname: expired.partsname, quantity: 4 }] });
  });

  it("deleted: nothing is sent", async () => {
    const partId = await newPart();
    const order = await onePart(partId);
    expect(await handedOver(() => deleteOrder(order._id, ADMIN))).toEqual([]);
  });
});

describe("an account opened", () => {
  it("by sign-up with a password carries one welcome; signing up again with its email records none", async () => {
    await createAccountWithPassword({ email: "New.Customer@example.com", password: "a long enough password", name: "New Customer" });
    expect(await accountMails("new.customer@example.com")).toEqual(["welcome"]);
    await expect(createAccountWithPassword({ email: "new.customer@example.com", password: "another long password", name: "Again" })).rejects.toThrow(EmailTakenError);
    expect(await accountMails("new.customer@example.com")).toEqual(["welcome"]);
  });

  it("by a first Google sign-in carries one welcome; the next sign-ins record none", async () => {
    const first = await registerUser({ email: "googler@example.com", name: "Goo Gler" });
    expect(first.created).toBe(true);
    await registerUser({ email: "googler@example.com", name: "Goo Gler" });
    await Promise.all([registerUser({ email: "racer@example.com" }), registerUser({ email: "racer@example.com" })]);
    expect(await accountMails("googler@example.com")).toEqual(["welcome"]);
    expect(await accountMails("racer@example.com")).toEqual(["welcome"]);
  });
});
