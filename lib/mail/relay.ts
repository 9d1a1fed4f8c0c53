import "server-only";
import type { Collection, Types } from "mongoose";
import { connectDb } from "@/lib/storage/connect";
import type { QueuedMail } from "@/lib/mail/compose-types";
import { onMailsRecorded } from "@/lib/mail/due";
import { logQueued } from "@/lib/mail/mail-log";
import { queueMail } from "@/lib/mail/worker";
import type { DueMail } from "@/models/due-mail";
import { Order } from "@/models/Order";
import { User } from "@/models/User";

// The mail relay moves the mails due on their causes' documents (models/due-mail.ts) onto the mail
// queue: each is logged, queued under its own id, then taken off its document. A crash anywhere in
// between leaves it due, and the next round queues it again as a no-op (same job id, same log).
// Runs after every `mailsRecorded()` of this process and on a sweep, which finds what a crash,
// a Redis that was away or another process left. Never on a request's path.

/** Documents read per query: a backlog is worked through batch by batch. */
const BATCH = 50;
/** Batches per cause in one round; a larger backlog is left to the next round. */
const MOST_BATCHES = 20;
/** The sweep's interval. */
export const SWEEP_MS = 30_000;
const WARN_EVERY_MS = 60_000;

type WithMail = { _id: Types.ObjectId; mailsDue?: DueMail[] };

// Read and taken off through the driver, as stored: FerretDB's $pull removes only an element equal
// to the one given (not one matching a condition such as { _id }), so the relay pulls the due mail
// exactly as it read it.
const dueNow = () => ({ "mailsDue.at": { $lte: new Date() } });

type Cause = { key: "orderId" | "userId"; collection: () => Collection };
const CAUSES: Cause[] = [
  { key: "orderId", collection: () => Order.collection },
  { key: "userId", collection: () => User.collection },
];

/** Documents with mail due now, found by the index on mailsDue.at, never by reading the collection. */
function withMailDue(cause: Cause): Promise<WithMail[]> {
  return cause.collection().find<WithMail>(dueNow(), { projection: { mailsDue: 1 }, limit: BATCH }).toArray();
}

async function relayOne(cause: Cause, doc: WithMail, due: DueMail): Promise<void> {
  const mail: QueuedMail = { id: String(due._id), kind: due.kind, [cause.key]: String(doc._id), ...(due.data ? { data: due.data } : {}) };
  await logQueued(mail, due.at);
  await queueMail(mail);
  const takeOff: Record<string, unknown> = { $pull: { mailsDue: due } };
  await cause.collection().updateOne({ _id: doc._id }, takeOff);
}

/** Queues every mail due now; how many. Throws when the database or Redis is away (what is left stays due). */
export async function relayDueMails(): Promise<number> {
  await connectDb();
  let relayed = 0;
  for (const cause of CAUSES) {
    // Bounded: a document whose due mail could not be taken off is not read again and again.
    for (let batch = 0; batch < MOST_BATCHES; batch += 1) {
      const docs = await withMailDue(cause);
      for (const doc of docs) {
        for (const due of doc.mailsDue ?? []) {
          await relayOne(cause, doc, due);
          relayed += 1;
        }
      }
      if (docs.length < BATCH) break;
    }
  }
  return relayed;
}

let lastWarning = 0;
function warnOnce(error: unknown): void {
  const now = Date.now();
  if (now - lastWarning < WARN_EVERY_MS) return;
  lastWarning = now;
  console.warn(`[mail] could not queue due mail, it stays due and is tried again: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Starts this process's relay: a round now and then, never two at once; a `mailsRecorded()` during a
 * round asks for one more after it. Returns how to stop it (tests).
 */
export function startMailRelay(): () => void {
  let running = false;
  let again = false;
  const round = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    void relayDueMails()
      .catch(warnOnce)
      .finally(() => {
        running = false;
        if (again) round();
      });
  };
  const unhook = onMailsRecorded(round);
  const sweep = setInterval(round, SWEEP_MS);
  sweep.unref();
  round();
  return () => {
    unhook();
    clearInterval(sweep);
  };
}
