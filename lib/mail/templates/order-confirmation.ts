import "server-only";
import { DELIVERY_LABELS } from "@/lib/checkout/delivery";
import { PAYMENT_METHOD_LABELS } from "@/lib/orders/payments";
import type { OrderView } from "@/lib/orders/views";
import { readShopSettings } from "@/lib/settings/shop-settings";
import { formatDate, formatPrice } from "@/lib/site/format";
import type { Composer } from "@/lib/mail/compose-types";
import { type Block, render } from "@/lib/mail/templates/layout";
import { greetingFor, linesTable, orderLink, orderOf } from "@/lib/mail/templates/order-parts";

// The order confirmation: everything the customer agreed to at the checkout, and, for a bank
// transfer, how to pay it (the same details the confirmation page shows).

function deliveryRow(order: OrderView): [string, string] {
  const promised = order.deliveryBy ? `, by ${formatDate(order.deliveryBy)}` : "";
  return ["Delivery", `${DELIVERY_LABELS[order.deliveryMethod]}, ${order.deliveryPrice === 0 ? "free" : formatPrice(order.deliveryPrice)}${promised}`];
}

async function paymentInstructions(order: OrderView): Promise<Block[]> {
  if (order.paymentMethod !== "bank-transfer" || order.paymentStatus !== "unpaid" || order.status === "cancelled" || !order.paymentReference) return [];
  const settings = await readShopSettings();
  return [
    { kind: "heading", text: "Pay by bank transfer" },
    {
      kind: "paragraph",
      text: `Transfer ${formatPrice(order.total)} within ${settings.unpaidTransferDays} days, quoting the payment reference, or the order is cancelled. We send the parts once the money arrives.`,
    },
    {
      kind: "facts",
      rows: [
        ["Payment reference", order.paymentReference],
        ["Account name", settings.bankAccountName],
        ["IBAN", settings.bankIban],
        ["BIC", settings.bankBic],
        ["Amount", formatPrice(order.total)],
      ],
    },
  ];
}

export const orderConfirmation: Composer = async (mail) => {
  const order = await orderOf(mail);
  if (!order) return null;
  return {
    to: order.email,
    ...render({
      subject: `Order ${order.number} confirmed`,
      greeting: greetingFor(order),
      blocks: [
        { kind: "paragraph", text: `Thank you for your order ${order.number}. Here is what you ordered.` },
        linesTable(order),
        {
          kind: "facts",
          rows: [["Subtotal", formatPrice(order.subtotal)], deliveryRow(order), ["Total", formatPrice(order.total)], ["Payment", PAYMENT_METHOD_LABELS[order.paymentMethod]]],
        },
        ...(await paymentInstructions(order)),
        { kind: "heading", text: "Deliver to" },
        { kind: "facts", rows: [["Name", order.name], ["Phone", order.phone], ["Address", order.address]] },
        orderLink(order),
      ],
    }),
  };
};
