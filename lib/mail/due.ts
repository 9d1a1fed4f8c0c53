import "server-only";
import { Types } from "mongoose";
import type { QueuedMail } from "@/lib/mail/compose-types";
import type { DueMail, MailKind } from "@/models/due-mail";

/**
 * A mail to record as due in the same write as its cause, e.g.
 * `Order.updateOne(filter, { $set: { status: "shipped" }, $push: { mailsDue: dueMail("order-shipped") } })`,
 * or `mailsDue: [dueMail("order-confirmation")]` in a new order. It stays on the document for good,
 * the record of the mails that document's changes asked for. Then call `mailsRecorded()`.
 */
export function dueMail(kind: MailKind, data?: Record<string, unknown>): DueMail {
  return { _id: new Types.ObjectId(), kind, at: new Date(), ...(data ? { data } : {}) };
}

/** The document whose change asked for the mails. */
export type MailCause = { orderId: string } | { userId: string };

/** The due mail as it travels to the queue: its id, its kind, its cause, its data. */
export function queuedMail(cause: MailCause, due: DueMail): QueuedMail {
  return { id: String(due._id), kind: due.kind, ...cause, ...(due.data ? { data: due.data } : {}) };
}

type Listener = (mails: QueuedMail[]) => void;
// On globalThis: Next bundles instrumentation.ts (where the relay listens) apart from the route
// handlers and server actions (which record mail), each with its own copy of this module.
const SLOT = Symbol.for("autoparts.mails-recorded");
const slot = globalThis as typeof globalThis & { [SLOT]?: Set<Listener> };
const listeners = (slot[SLOT] ??= new Set<Listener>());

/**
 * Tells this process's mail relay that a write of `cause` just recorded these due mails: it queues
 * exactly these now, reading nothing, rather than leaving them to its sweep.
 */
export function mailsRecorded(cause: MailCause, mails: readonly DueMail[]): void {
  if (mails.length === 0) return;
  const queued = mails.map((due) => queuedMail(cause, due));
  for (const listener of listeners) listener(queued);
}

/** The relay's hook (lib/mail/): called with the mails of every `mailsRecorded()`. */
export function onMailsRecorded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
