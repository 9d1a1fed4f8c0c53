import { Schema, type Types } from "mongoose";

/**
 * The shop's mails (lib/mail/). Each is recorded as due in the same write as what causes it (an
 * order placed, its status changed, a reset asked for, an account made), on the cause's own
 * document, so a crash can never keep the cause and lose the mail, or the reverse. `mailsDue` is the
 * record of the mails that document's changes asked for: the mail relay (lib/mail/) queues them and
 * never writes the document (only the cause's own domain does, under its own locks).
 */
export const MAIL_KINDS = ["order-confirmation", "payment-received", "order-shipped", "order-delivered", "order-cancelled", "welcome", "password-reset"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** One mail due, on its cause's document; its _id becomes the mail's id everywhere after (queue job, mail log). */
export const dueMailSchema = new Schema(
  {
    kind: { type: String, enum: MAIL_KINDS, required: true },
    at: { type: Date, required: true },
    /** What the mail needs that its cause's document does not keep (whether a reset mail carries a link, the units put back). */
    data: { type: Schema.Types.Mixed },
  },
  { _id: true },
);

export type DueMail = { _id: Types.ObjectId; kind: MailKind; at: Date; data?: Record<string, unknown> };
