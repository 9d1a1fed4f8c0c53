import { OBJECT_ID_PATTERN } from "@/lib/validation/common";
import { z } from "@/lib/validation/zod";
import { MAIL_KINDS } from "@/models/due-mail";
import { MAIL_STATES } from "@/models/MailLog";

// The order's mails as the admin's REST paths answer them (GET /orders/{id}/mails, POST
// /orders/{id}/mails/{mailId}/send), and the admin page's "send again" form.

const isoDate = z.string().meta({ format: "date-time" });

export const orderMailSchema = z
  .object({
    id: z.string().meta({ description: "The mail's id (also its Message-ID's local part)" }),
    kind: z.enum(MAIL_KINDS),
    to: z.string().nullable().meta({ description: "Who it went to; null until its first try" }),
    subject: z.string().nullable().meta({ description: "Its subject; null until its first try" }),
    state: z.enum(MAIL_STATES).meta({ description: "queued (waiting or being tried again), sent (the mail server took it), failed (every try failed: it can be sent again)" }),
    attempts: z.number().int().meta({ description: "Tries so far" }),
    lastError: z.string().nullable().meta({ description: "Why the last failed try failed" }),
    queuedAt: isoDate,
    sentAt: isoDate.nullable(),
  })
  .meta({ id: "OrderMail" });

export const orderMailsReplySchema = z.object({ success: z.literal(true), mails: z.array(orderMailSchema) }).meta({ id: "OrderMails" });

export const mailQueuedAgainSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: "MailQueuedAgain" });

/** The "send again" form's fields: which mail of which order. */
export const sendAgainFormSchema = z.object({
  orderId: z.string().regex(OBJECT_ID_PATTERN, "Not an order id."),
  mailId: z.string().regex(OBJECT_ID_PATTERN, "Not a mail id."),
});
