import "server-only";
import type { OrderView } from "@/lib/orders/views";
import type { Composer, QueuedMail } from "@/lib/mail/compose-types";
import { type Block, render } from "@/lib/mail/templates/layout";
import { greetingFor, orderLink, orderOf, orderSummary } from "@/lib/mail/templates/order-parts";

// The mails of an order's later changes: paid, shipped, delivered, cancelled. Each says what
// happened, sums the order up and links to its page.

type Update = { subject: (order: OrderView) => string; says: (order: OrderView, mail: QueuedMail) => Block[] };

function updateMail({ subject, says }: Update): Composer {
  return async (mail) => {
    const order = await orderOf(mail);
    if (!order) return null;
    return {
      to: order.email,
      ...render({ subject: subject(order), greeting: greetingFor(order), blocks: [...says(order, mail), ...orderSummary(order), orderLink(order)] }),
    };
  };
}

type PutBack = { partsname: string; quantity: number };

/** What the cancellation put back in stock, as recorded with it; anything malformed is left out. */
function putBackOf(mail: QueuedMail): PutBack[] {
  const putBack = mail.data?.putBack;
  if (!Array.isArray(putBack)) return [];
  return putBack.filter((entry): entry is PutBack => typeof entry?.partsname === "string" && Number.isInteger(entry?.quantity) && entry.quantity > 0);
}

function putBackBlocks(mail: QueuedMail): Block[] {
  const putBack = putBackOf(mail);
  if (putBack.length === 0) return [{ kind: "paragraph", text: "No parts were put back in stock." }];
  return [
    { kind: "paragraph", text: "These parts were put back in stock:" },
    { kind: "table", head: ["Part", "Quantity"], rows: putBack.map((entry) => [entry.partsname, String(entry.quantity)]), textRow: ([part, quantity]) => `${part}: ${quantity}` },
  ];
}

export const paymentReceived = updateMail({
  subject: (order) => `Payment received for order ${order.number}`,
  says: (order) => [{ kind: "paragraph", text: `We have received your payment for order ${order.number}. We will send the parts shortly.` }],
});

export const orderShipped = updateMail({
  subject: (order) => `Order ${order.number} has shipped`,
  says: (order) => [{ kind: "paragraph", text: `Your order ${order.number} is on its way.` }],
});

export const orderDelivered = updateMail({
  subject: (order) => `Order ${order.number} has been delivered`,
  says: (order) => [{ kind: "paragraph", text: `Your order ${order.number} has been delivered. Thank you for shopping with us.` }],
});

export const orderCancelled = updateMail({
  subject: (order) => `Order ${order.number} has been cancelled`,
  says: (order, mail) => [{ kind: "paragraph", text: `Your order ${order.number} has been cancelled.` }, ...putBackBlocks(mail)],
});
