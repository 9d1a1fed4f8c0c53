import mongoose, { Schema, type Model } from "mongoose";
import { MAIL_KINDS, type MailKind } from "./due-mail";

// One document per mail the shop sends (lib/mail/), its _id the due mail's id: written when the mail
// is queued, and by the worker after each try. It is what the admin's order page lists, and what the
// worker reads before sending, so a mail marked sent is never sent again.
export const MAIL_STATES = ["queued", "sent", "failed"] as const;
export type MailState = (typeof MAIL_STATES)[number];

const mailLogSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: MAIL_KINDS, required: true },
    /** Known once the mail is composed (its first try). */
    to: { type: String },
    subject: { type: String },
    orderId: { type: Schema.Types.ObjectId },
    userId: { type: Schema.Types.ObjectId },
    state: { type: String, enum: MAIL_STATES, required: true },
    /** Tries so far, counted across sends again. */
    attempts: { type: Number, required: true, default: 0 },
    /** Why the last try failed (kept after a later success is cleared). */
    lastError: { type: String },
    queuedAt: { type: Date, required: true },
    sentAt: { type: Date },
  },
  { collection: "maillogs", versionKey: false },
);

// The admin's order page lists the order's mails.
mailLogSchema.index({ orderId: 1 });

export type MailLogFields = {
  _id: mongoose.Types.ObjectId;
  kind: MailKind;
  to?: string;
  subject?: string;
  orderId?: mongoose.Types.ObjectId;
  userId?: mongoose.Types.ObjectId;
  state: MailState;
  attempts: number;
  lastError?: string;
  queuedAt: Date;
  sentAt?: Date;
};

export const MailLog: Model<MailLogFields> = (mongoose.models.MailLog as Model<MailLogFields>) ?? mongoose.model<MailLogFields>("MailLog", mailLogSchema);
