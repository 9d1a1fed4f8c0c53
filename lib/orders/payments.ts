import type { OrderDoc, OrderStatus, PaymentMethod } from "@/models/Order";

// When an order becomes paid: a bank transfer when an admin sees the money arrive and marks it so,
// cash on delivery when the order is marked delivered. Orders stored before payments existed have
// no payment fields: they were paid in cash on delivery.

type Paying = Pick<OrderDoc, "status" | "paymentMethod" | "paymentStatus">;

/** Why an admin cannot mark this order paid, or null when they can. */
export function paymentRefusal(order: Paying): string | null {
  if (order.paymentStatus === "paid") return "This order is already paid.";
  if (order.status === "cancelled") return "This order is cancelled; there is nothing to pay.";
  if (order.paymentMethod !== "bank-transfer") return "A cash-on-delivery order is paid when it is marked delivered, not by hand.";
  return null;
}

/** Whether moving the order to `to` makes it paid: cash on delivery, unpaid, delivered now. */
export const paidOnDelivery = (order: Paying, to: OrderStatus): boolean =>
  to === "delivered" && order.paymentMethod === "cash-on-delivery" && order.paymentStatus === "unpaid";

/** What My Orders' Payment button says when there is nothing to pay there, and why (its accessible description). */
export const PAYMENT_NOTE = "Pay a bank transfer with the reference and bank details on the order's page; cash on delivery is paid when the order arrives.";

/** How the pages name a payment method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { "bank-transfer": "Bank transfer", "cash-on-delivery": "Cash on delivery" };
