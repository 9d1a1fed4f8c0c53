import "server-only";
import type { Job, JobsOptions, Worker } from "bullmq";
import { jobQueue, redisAnswer, startJobWorker } from "@/lib/jobs/queues";
import type { Composer, QueuedMail } from "@/lib/mail/compose-types";
import { logFailure, logSent, logTry, mailState } from "@/lib/mail/mail-log";
import { deliver } from "@/lib/mail/transport";

// The mail queue and its worker (one per server process; BullMQ gives each mail to one of them).
// A try that fails is tried again later, each wait twice the last: 2 s, 4 s, … about 17 minutes in
// all over the 10 tries, then the mail is failed and waits for an admin to send it again.

export const MAIL_QUEUE = "mail";
export const MAIL_TRIES = 10;
const FIRST_RETRY_MS = 2_000;
const DAY_S = 24 * 60 * 60;

/**
 * A mail's job id is its own id: queuing it again (the sweep after the direct path, another process)
 * finds the job there and adds nothing. Finished jobs are kept long enough for that (two weeks),
 * failed ones for an admin to send again.
 */
const MAIL_JOB_OPTIONS: JobsOptions = {
  attempts: MAIL_TRIES,
  backoff: { type: "exponential", delay: FIRST_RETRY_MS },
  removeOnComplete: { age: 14 * DAY_S },
  removeOnFail: { age: 60 * DAY_S },
};

/** Mails composed and sent at once by one process: modest, the mail server and the database are shared. */
const CONCURRENCY = 4;

export function mailQueue() {
  return jobQueue(MAIL_QUEUE, MAIL_JOB_OPTIONS);
}

/** Puts the mail on the queue; nothing is added when it is there already. Fails at once while Redis is away. */
export async function queueMail(mail: QueuedMail): Promise<void> {
  await redisAnswer(mailQueue().add(mail.kind, mail, { jobId: mail.id }));
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One try of one mail: composed afresh (the order as it is now), sent, logged. */
async function sendOne(job: Job<QueuedMail>, compose: Composer): Promise<void> {
  const mail = job.data;
  // Checked before every try: a mail sent once is never sent again, whatever the queue holds.
  if ((await mailState(mail.id)) === "sent") return;
  const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  try {
    const composed = await compose(mail);
    await logTry(mail.id, composed);
    if (!composed) {
      await logFailure(mail.id, "Nothing to send: the order or the account is gone.", true);
      return;
    }
    await deliver(mail.id, composed);
  } catch (error) {
    await logFailure(mail.id, reason(error), lastTry);
    throw error;
  }
  await logSent(mail.id);
}

/** Starts this process's mail worker; `compose` writes each mail (lib/mail/composers.ts). */
export function startMailWorker(compose: Composer): Worker<QueuedMail> {
  return startJobWorker<QueuedMail>(MAIL_QUEUE, (job) => sendOne(job, compose), { concurrency: CONCURRENCY });
}
