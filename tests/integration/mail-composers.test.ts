import { Types } from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { resetTokenOf } from "@/lib/auth/password-reset-token";
import { composeMail } from "@/lib/mail/composers";
import type { ComposedMail, QueuedMail } from "@/lib/mail/compose-types";
import { DEFAULT_SHOP_SETTINGS } from "@/lib/settings/shop-settings";
import { absoluteUrl } from "@/lib/site/site";
import type { MailKind } from "@/models/due-mail";
import { Order } from "@/models/Order";
import { User } from "@/models/User";
import { makePart } from "../support/api";
import { placeLines } from "../support/order-lines";

// Each mail written from real documents, read as a customer reads it: in plain text and in HTML.

const TRICKY_NAME = `<b>Bob & "Co"</b>`;
const ESCAPED_NAME = "&lt;b&gt;Bob &amp; &quot;Co&quot;&lt;/b&gt;";

const queued = (kind: MailKind, ids: { orderId?: unknown; userId?: unknown }, data?: Record<string, unknown>): QueuedMail => ({
  id: String(new Types.ObjectId()),
  kind,
  ...(ids.orderId ? { orderId: String(ids.orderId) } : {}),
  ...(ids.userId ? { userId: String(ids.userId) } : {}),
  ...(data ? { data } : {}),
});

async function composed(mail: QueuedMail): Promise<ComposedMail> {
  const result = await composeMail(mail);
  expect(result).not.toBeNull();
  return result!;
}

/** Both renderings say it. */
function says(mail: ComposedMail, ...texts: string[]) {
  for (const text of texts) {
    expect(mail.text).toContain(text);
    expect(mail.html).toContain(text);
  }
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
});

describe("the order mails", () => {
  it("confirms a bank-transfer order with every line, the totals, the delivery, the address, how to pay and a link", async () => {
    const [brakes, filter] = await Promise.all([makePart({ price: 24.5 }), makePart({ price: 8 })]);
    const order = await placeLines([[String(brakes._id), 2], [String(filter._id), 3]], { email: "buyer@example.com" });
    await Order.updateOne({ _id: order._id }, { $set: { name: TRICKY_NAME, deliveryBy: new Date("2030-03-04T00:00:00Z") } });
    const mail = await composed(queued("order-confirmation", { orderId: order._id }));

    expect(mail.to).toBe("buyer@example.com");
    expect(mail.subject).toBe(`Order ${order.number} confirmed | AutoParts Hub`);
    says(mail, "AutoParts Hub", order.number!, brakes.partsname, filter.partsname, "$24.50", "$49", "$24", "Standard delivery, $5, by Mar 4, 2030", "Total", "$78", "1 Line Road", "555-0100", "Bank transfer");
    expect(mail.text).toContain(`${brakes.partsname}: 2 × $24.50 = $49`);
    expect(mail.text).toContain("Subtotal: $73");
    // How to pay: the shop's account and the order's reference.
    says(mail, `Payment reference`, order.paymentReference!, DEFAULT_SHOP_SETTINGS.bankIban, DEFAULT_SHOP_SETTINGS.bankBic, DEFAULT_SHOP_SETTINGS.bankAccountName, "within 7 days");
    const link = absoluteUrl(`/dashboard/my-orders/${order._id}`);
    expect(link).toMatch(/^https?:\/\//);
    says(mail, link);
    expect(mail.html).toContain(`href="${link}"`);
    // The customer's name as typed, never as markup.
    expect(mail.text).toContain(`Hello ${TRICKY_NAME},`);
    expect(mail.html).toContain(ESCAPED_NAME);
    expect(mail.html).not.toContain("<b>Bob");
    expect(mail.html).not.toMatch(/<style|<link/);
  });

  it("confirms a cash-on-delivery order without bank details", async () => {
    const part = await makePart({ price: 10 });
    const order = await placeLines([[String(part._id), 1]], { paymentMethod: "cash-on-delivery" });
    const mail = await composed(queued("order-confirmation", { orderId: order._id }));
    says(mail, "Cash on delivery", "$15");
    expect(mail.text).not.toContain("IBAN");
    expect(mail.text).not.toContain("Pay by bank transfer");
  });

  it("confirms an order placed before orders had lines, delivery or payment, as its one line", async () => {
    const part = await makePart({ price: 12 });
    const { insertedId } = await Order.collection.insertOne({
      partId: part._id,
      partsname: part.partsname,
      unitPrice: 12,
      quantity: 2,
      total: 24,
      name: "Old Customer",
      email: "old@example.com",
      phone: "555-0199",
      address: "9 Old Road",
      status: "placed",
      createdAt: new Date(),
      updatedAt: new Date(),
    } as never);
    const mail = await composed(queued("order-confirmation", { orderId: insertedId }));
    says(mail, `#${String(insertedId).slice(-8).toUpperCase()}`, part.partsname, "$24", "Cash on delivery", "Standard delivery, free");
    expect(mail.text).toContain(`${part.partsname}: 2 × $12 = $24`);
  });

  it("tells of a payment, a shipment and a delivery with the order's number, its lines, its total and its link", async () => {
    const part = await makePart({ price: 30 });
    const order = await placeLines([[String(part._id), 2]]);
    const link = absoluteUrl(`/dashboard/my-orders/${order._id}`);
    const subjects: [MailKind, string][] = [
      ["payment-received", `Payment received for order ${order.number}`],
      ["order-shipped", `Order ${order.number} has shipped`],
      ["order-delivered", `Order ${order.number} has been delivered`],
    ];
    for (const [kind, subject] of subjects) {
      const mail = await composed(queued(kind, { orderId: order._id }));
      expect(mail.subject).toBe(`${subject} | AutoParts Hub`);
      expect(mail.to).toBe("lines@example.com");
      says(mail, order.number!, part.partsname, "$65", link);
    }
  });

  it("tells of a cancellation with what was put back in stock, or that nothing was", async () => {
    const part = await makePart();
    const order = await placeLines([[String(part._id), 4]]);
    const mail = await composed(queued("order-cancelled", { orderId: order._id }, { putBack: [{ partsname: TRICKY_NAME, quantity: 4 }] }));
    expect(mail.subject).toBe(`Order ${order.number} has been cancelled | AutoParts Hub`);
    says(mail, "These parts were put back in stock:");
    expect(mail.text).toContain(`- ${TRICKY_NAME}: 4`);
    expect(mail.html).toContain(ESCAPED_NAME);
    says(mail, absoluteUrl(`/dashboard/my-orders/${order._id}`));
    const afterShipping = await composed(queued("order-cancelled", { orderId: order._id }, { putBack: [] }));
    says(afterShipping, "No parts were put back in stock.");
  });

  it("is not written for an order that is gone or an id that names none", async () => {
    expect(await composeMail(queued("order-shipped", { orderId: new Types.ObjectId() }))).toBeNull();
    expect(await composeMail(queued("order-confirmation", { orderId: "not-an-id" }))).toBeNull();
  });
});

describe("the account mails", () => {
  it("welcomes a new account by its name, says what it is for and links to the shop", async () => {
    const user = await User.create({ email: "welcome@example.com", displayName: TRICKY_NAME });
    const mail = await composed(queued("welcome", { userId: user._id }));
    expect(mail.to).toBe("welcome@example.com");
    expect(mail.subject).toBe("Welcome to AutoParts Hub | AutoParts Hub");
    expect(mail.text).toContain(`Hello ${TRICKY_NAME},`);
    expect(mail.html).toContain(`Hello ${ESCAPED_NAME},`);
    says(mail, "order parts", "My Garage", absoluteUrl("/"));
  });

  it("sends a reset link valid for an hour, once, to an account with a password", async () => {
    const user = await User.create({ email: "reset@example.com", displayName: "Rita", passwordHash: "x" });
    const reset = queued("password-reset", { userId: user._id }, { link: true });
    const token = resetTokenOf(reset.id);
    const mail = await composed(reset);
    expect(mail.to).toBe("reset@example.com");
    expect(mail.subject).toBe("Reset your password | AutoParts Hub");
    const link = absoluteUrl(`/reset-password?token=${token}`);
    says(mail, link, "one hour", "used once", "If you did not ask for this, ignore this mail");
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("tells a Google-only account how it signs in, with no link to reset", async () => {
    const user = await User.create({ email: "google@example.com", displayName: "Gus" });
    const mail = await composed(queued("password-reset", { userId: user._id }));
    says(mail, "signs in with Google", "no password to reset", absoluteUrl("/signin"));
    expect(mail.text).not.toContain("reset-password");
  });

  it("is not written for an account that is gone", async () => {
    expect(await composeMail(queued("welcome", { userId: new Types.ObjectId() }))).toBeNull();
    expect(await composeMail(queued("password-reset", {}, { link: true }))).toBeNull();
  });
});
