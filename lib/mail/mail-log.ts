import "server-only";
import { Types } from "mongoose";
import type { ComposedMail, QueuedMail } from "@/lib/mail/compose-types";
import { NotFoundError } from "@/lib/errors";
import { connectDb } from "@/lib/storage/connect";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";
import { findEachById } from "@/lib/storage/each-by-id";
import { MailLog, type MailLogFields, type MailState } from "@/models/MailLog";
import { Order } from "@/models/Order";

// The mail log (models/MailLog.ts): one document per mail, written as it is queued and after each try.

const oid = (id: string | undefined) => (id && Types.ObjectId.isValid(id) ? new Types.ObjectId(id) : undefined);

/**
 * Notes the mail as queued, by inserting its log under the mail's id: an insert is atomic on the
 * engine (the unique _id), so of two relays of one mail one inserts it and the other finds it there,
 * and a log already written (a later round, another process) is left as it is.
 */
export async function logQueued(mail: QueuedMail, queuedAt = new Date()): Promise<void> {
  const log = { _id: new Types.ObjectId(mail.id), kind: mail.kind, orderId: oid(mail.orderId), userId: oid(mail.userId), state: "queued", attempts: 0, queuedAt };
  await MailLog.collection.insertOne(Object.fromEntries(Object.entries(log).filter(([, value]) => value !== undefined)) as never).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error;
  });
}

/** The logs of these mails, by mail id (a mail never logged is absent). */
export async function logStates(mailIds: readonly string[]): Promise<Map<string, MailState>> {
  const logs = await findEachById<{ _id: Types.ObjectId; state: MailState }>(MailLog, mailIds, { state: 1 });
  return new Map(logs.map((log) => [String(log._id), log.state]));
}

/** The mail's state now, or null when it was never logged. */
export async function mailState(mailId: string): Promise<MailState | null> {
  const log = await MailLog.findById(mailId, { state: 1 }).lean();
  return log?.state ?? null;
}

/** A try is starting: counted before the mail server is asked, so a try cut short still counts. */
export async function logTry(mailId: string, composed: ComposedMail | null): Promise<void> {
  await MailLog.updateOne({ _id: mailId }, { $inc: { attempts: 1 }, ...(composed ? { $set: { to: composed.to, subject: composed.subject } } : {}) });
}

export async function logSent(mailId: string, sentAt = new Date()): Promise<void> {
  await MailLog.updateOne({ _id: mailId }, { $set: { state: "sent", sentAt } });
}

/** A try failed: `final` when no try is left (the mail is failed until an admin sends it again). */
export async function logFailure(mailId: string, reason: string, final: boolean): Promise<void> {
  await MailLog.updateOne({ _id: mailId }, { $set: { lastError: reason.slice(0, 500), ...(final ? { state: "failed" } : {}) } });
}

/** A failed mail queued again by an admin. */
export async function logQueuedAgain(mailId: string): Promise<void> {
  await MailLog.updateOne({ _id: mailId, state: "failed" }, { $set: { state: "queued" } });
}

export type MailLogView = { id: string; kind: MailLogFields["kind"]; to: string | null; subject: string | null; state: MailState; attempts: number; lastError: string | null; queuedAt: string; sentAt: string | null };

/** The order's mails, oldest first (an order has a handful); NotFoundError when there is no such order. */
export async function mailsOfOrder(orderId: string): Promise<MailLogView[]> {
  await connectDb();
  if (!(await Order.exists({ _id: orderId }))) throw new NotFoundError("There is no order with this id.");
  const logs = await MailLog.find({ orderId: new Types.ObjectId(orderId) }).limit(100).lean();
  return logs
    .map((log) => ({
      id: String(log._id),
      kind: log.kind,
      to: log.to ?? null,
      subject: log.subject ?? null,
      state: log.state,
      attempts: log.attempts,
      lastError: log.lastError ?? null,
      queuedAt: log.queuedAt.toISOString(),
      sentAt: log.sentAt?.toISOString() ?? null,
    }))
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.id.localeCompare(b.id));
}

/** One mail of the order, or null. */
export async function mailOfOrder(orderId: string, mailId: string): Promise<MailLogFields | null> {
  await connectDb();
  return MailLog.findOne({ _id: new Types.ObjectId(mailId), orderId: new Types.ObjectId(orderId) }).lean();
}
