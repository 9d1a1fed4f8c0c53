import "server-only";
import { Types } from "mongoose";
import type { DueMail, MailKind } from "@/models/due-mail";

/**
 * A mail to record as due in the same write as its cause, e.g.
 * `Order.updateOne(filter, { $set: { status: "shipped" }, $push: { mailsDue: dueMail("order-shipped") } })`,
 * or `mailsDue: [dueMail("order-confirmation")]` in a new order. Then call `mailsRecorded()`.
 */
export function dueMail(kind: MailKind, data?: Record<string, unknown>): DueMail {
  return { _id: new Types.ObjectId(), kind, at: new Date(), ...(data ? { data } : {}) };
}

type Listener = () => void;
// On globalThis: Next bundles instrumentation.ts (where the relay listens) apart from the route
// handlers and server actions (which record mail), each with its own copy of this module.
const SLOT = Symbol.for("autoparts.mails-recorded");
const slot = globalThis as typeof globalThis & { [SLOT]?: Set<Listener> };
const listeners = (slot[SLOT] ??= new Set<Listener>());

/** Tells this process's mail relay that a write just recorded due mails: it queues them now, not at its next sweep. */
export function mailsRecorded(): void {
  for (const listener of listeners) listener();
}

/** The relay's hook (lib/mail/): called after every `mailsRecorded()`. */
export function onMailsRecorded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
