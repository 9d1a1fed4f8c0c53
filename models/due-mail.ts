import { Schema, type Types } from "mongoose";

/**
 * The shop's mails (lib/mail/). Each is recorded as due in the same write as what causes it (an
 * order placed, its status changed, a reset asked for, an account made), on the cause's own
 * document, so a crash can never keep the cause and lose the mail, or the reverse. The mail relay
 * (lib/mail/) moves due mails onto the queue and off the document.
 */
export const MAIL_KINDS = ["order-confirmation", "payment-received", "order-shipped", "order-delivered", "order-cancelled", "welcome", "password-reset"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** One mail due, on its cause's document; its _id becomes the mail's id everywhere after (queue job, mail log). */
export const dueMailSchema = new Schema(
  {
    kind: { type: String, enum: MAIL_KINDS, required: true },
    at: { type: Date, required: true },
    /** What the mail needs that its cause's document does not keep (a reset link's token, the units put back). */
    data: { type: Schema.Types.Mixed },
  },
  { _id: true },
);

export type DueMail = { _id: Types.ObjectId; kind: MailKind; at: Date; data?: Record<string, unknown> };
