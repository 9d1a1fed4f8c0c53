import "server-only";
import type { MailKind } from "@/models/due-mail";
import type { ComposedMail, Composer, QueuedMail } from "@/lib/mail/compose-types";
import { passwordReset, welcome } from "@/lib/mail/templates/account";
import { orderConfirmation } from "@/lib/mail/templates/order-confirmation";
import { orderCancelled, orderDelivered, orderShipped, paymentReceived } from "@/lib/mail/templates/order-updates";

// Every kind of mail the shop sends, and the composer that writes it from its cause's document as it
// is at send time.

const COMPOSERS: Record<MailKind, Composer> = {
  "order-confirmation": orderConfirmation,
  "payment-received": paymentReceived,
  "order-shipped": orderShipped,
  "order-delivered": orderDelivered,
  "order-cancelled": orderCancelled,
  welcome,
  "password-reset": passwordReset,
};

/** The mail as it goes to the mail server; null when its order or account is gone. */
export function composeMail(mail: QueuedMail): Promise<ComposedMail | null> {
  return COMPOSERS[mail.kind](mail);
}
