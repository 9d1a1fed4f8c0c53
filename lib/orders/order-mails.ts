import "server-only";
import { dueMail, mailsRecorded } from "@/lib/mail/due";
import type { DueMail } from "@/models/due-mail";
import { Order, type OrderStatus } from "@/models/Order";

// Which mail each change of an order sends, and the write that records it with the change: the
// status or the payment and its mail are one update of the order, so a crash keeps both or neither.

/** What a cancellation put back in stock, as its mail lists it. */
export type PutBack = { partsname: string; quantity: number }[];

/** The order confirmation, recorded in the new order's own document. */
export const placedMails = (): DueMail[] => [dueMail("order-confirmation")];

/** The mail of an order's move to `to`; none back to "placed", which no order is moved to. */
export function statusMail(to: OrderStatus, putBack: PutBack): DueMail | null {
  if (to === "cancelled") return dueMail("order-cancelled", { putBack });
  if (to === "shipped") return dueMail("order-shipped");
  return to === "delivered" ? dueMail("order-delivered") : null;
}

export const paidMail = (): DueMail => dueMail("payment-received");

/** Sets `set` on the order matching `filter` (its _id among its conditions), recording `mail` with it; whether it matched. */
export async function writeWithMail(filter: { _id: unknown } & Record<string, unknown>, set: Record<string, unknown>, mail: DueMail | null): Promise<boolean> {
  const made = (await Order.updateOne(filter, { $set: set, ...(mail ? { $push: { mailsDue: mail } } : {}) })).modifiedCount === 1;
  if (made && mail) mailsRecorded({ orderId: String(filter._id) }, [mail]);
  return made;
}
