import "server-only";
import type { Collection, Types } from "mongoose";
import { redisAnswer } from "@/lib/jobs/queues";
import { keepCheckpoint } from "@/lib/storage/checkpoints";
import { connectDb } from "@/lib/storage/connect";
import type { QueuedMail } from "@/lib/mail/compose-types";
import { onMailsRecorded, queuedMail, type MailCause } from "@/lib/mail/due";
import { logQueued, logStates } from "@/lib/mail/mail-log";
import { mailQueue, queueMail } from "@/lib/mail/worker";
import type { DueMail } from "@/models/due-mail";
import { Order } from "@/models/Order";
import { User } from "@/models/User";

// The mail relay puts the mails due on their causes' documents (models/due-mail.ts) on the mail
// queue. It never writes a cause's document: on the embedded engine an update rewrites the whole
// document unlocked, so a write of the relay racing the order's or the account's own write would
// undo it. Relaying a mail is logging it (an insert under its id) then queuing it (a job under its
// id): both a no-op the second time, so a mail relayed twice is queued once, and a crash between the
// two leaves a log "queued" with no job, which the sweep finds and queues.
// The direct path relays the mails a write of this process just recorded (mailsRecorded()); the
// sweep, a safety net for a crash before that, a Redis that was away or another process, reads the
// mails recorded since its checkpoint.

/** Documents read per query: a backlog is worked through batch by batch. */
const BATCH = 50;
/**
 * The sweep's interval in quiet times: the embedded engine filters `mailsDue.at` without its index
 * (only equality reaches PostgreSQL), so a round reads every order and account; the direct path
 * relays every mail in the normal run of things, and the sweep only catches what a crash left.
 */
const SWEEP_MS = 60 * 60_000;
/** After a relay that failed (Redis or the database away), the sweep runs this often until one succeeds. */
const CATCH_UP_MS = 30_000;
/** A write may land this long after its mail's `at`: the sweep reads back this far behind its checkpoint. */
export const SWEEP_SLACK_MS = 2 * 60_000;
const WARN_EVERY_MS = 60_000;

const sweepCheckpoint = keepCheckpoint("mail-sweep");

type WithMail = { _id: Types.ObjectId; mailsDue?: DueMail[] };
type Cause = { collection: () => Collection; causeOf: (id: string) => MailCause };
const CAUSES: Cause[] = [
  { collection: () => Order.collection, causeOf: (orderId) => ({ orderId }) },
  { collection: () => User.collection, causeOf: (userId) => ({ userId }) },
];

/** Logs the mail then queues it; either done already is left as it is. Throws while Redis or the database is away. */
async function relayMail(mail: QueuedMail): Promise<void> {
  await logQueued(mail);
  await queueMail(mail);
}

/** Relays these mails, one after the other (a Redis that is away stops at the first). */
export async function relayMails(mails: readonly QueuedMail[]): Promise<void> {
  await connectDb();
  for (const mail of mails) await relayMail(mail);
}

/** Of these mails, those not relayed yet: never logged, or logged "queued" with no job (a crash between the two). */
async function notRelayed(mails: QueuedMail[]): Promise<QueuedMail[]> {
  const states = await logStates(mails.map((mail) => mail.id));
  const left: QueuedMail[] = [];
  for (const mail of mails) {
    const state = states.get(mail.id);
    if (state === undefined || (state === "queued" && !(await redisAnswer(mailQueue().getJob(mail.id))))) left.push(mail);
  }
  return left;
}

/** A batch of documents with mail recorded after `since`, by the index on mailsDue.at, paged by _id. */
function recordedSince(cause: Cause, since: Date, after: Types.ObjectId | undefined): Promise<WithMail[]> {
  const filter = { "mailsDue.at": { $gt: since }, ...(after ? { _id: { $gt: after } } : {}) };
  return cause.collection().find<WithMail>(filter, { projection: { mailsDue: 1 }, sort: { _id: 1 }, limit: BATCH }).toArray();
}

export type SweepRound = { considered: number; relayed: number };

/**
 * One sweep: reads the mails recorded since the checkpoint (less the slack), relays those not
 * relayed yet, then moves the checkpoint to the newest mail read, never past now less the slack.
 * Throws when the database or Redis is away; the checkpoint then stays, and the next round reads
 * the same mails again, however long Redis was away.
 */
export async function sweepDueMails(): Promise<SweepRound> {
  await connectDb();
  const startedAt = Date.now();
  const mark = (await sweepCheckpoint.read())?.getTime() ?? 0;
  const since = new Date(mark - SWEEP_SLACK_MS);
  let newest = mark;
  const round: SweepRound = { considered: 0, relayed: 0 };
  for (const cause of CAUSES) {
    let after: Types.ObjectId | undefined;
    for (;;) {
      const docs = await recordedSince(cause, since, after);
      const recorded = docs.flatMap((doc) => (doc.mailsDue ?? []).filter((due) => due.at > since).map((due) => ({ due, mail: queuedMail(cause.causeOf(String(doc._id)), due) })));
      round.considered += recorded.length;
      const left = await notRelayed(recorded.map(({ mail }) => mail));
      await relayMails(left);
      round.relayed += left.length;
      for (const { due } of recorded) newest = Math.max(newest, due.at.getTime());
      if (docs.length < BATCH) break;
      after = docs.at(-1)!._id;
    }
  }
  await sweepCheckpoint.raise(new Date(Math.min(newest, startedAt - SWEEP_SLACK_MS)));
  return round;
}

let lastWarning = 0;
function warnOnce(error: unknown): void {
  const now = Date.now();
  if (now - lastWarning < WARN_EVERY_MS) return;
  lastWarning = now;
  console.warn(`[mail] could not queue due mail, the sweep tries again: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Starts this process's relay: the mails of every `mailsRecorded()` at once; a sweep at start-up
 * (a crash may have left mails unrelayed), hourly, and every half minute after a relay that failed
 * until a sweep succeeds; never two at once. Every process sweeps (a round is idempotent). Returns
 * how to stop it (tests).
 */
export function startMailRelay(): () => void {
  let sweeping = false;
  let behind = true;
  const failed = (error: unknown) => {
    behind = true;
    warnOnce(error);
  };
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    behind = false;
    void sweepDueMails()
      .catch(failed)
      .finally(() => (sweeping = false));
  };
  const unhook = onMailsRecorded((mails) => void relayMails(mails).catch(failed));
  const hourly = setInterval(sweep, SWEEP_MS);
  const catchUp = setInterval(() => behind && sweep(), CATCH_UP_MS);
  hourly.unref();
  catchUp.unref();
  sweep();
  return () => {
    unhook();
    clearInterval(hourly);
    clearInterval(catchUp);
  };
}
