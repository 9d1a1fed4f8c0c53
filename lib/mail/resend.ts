import "server-only";
import { ConflictError, NotFoundError, ServiceUnavailableError } from "@/lib/errors";
import { logFailure, logQueuedAgain, mailOfOrder } from "@/lib/mail/mail-log";
import { mailQueue, queueMail } from "@/lib/mail/worker";
import { jobsConfigured } from "@/lib/jobs/connection";
import { redisAnswer } from "@/lib/jobs/queues";

// An admin sends a failed mail again: its job is tried afresh (all its tries again), or, when the
// queue has forgotten it (weeks later), queued anew under the same id.

const AWAY = "The mail queue is not reachable just now; nothing was changed. Try again in a moment.";

/** Queues the order's failed mail again. */
export async function sendMailAgain(orderId: string, mailId: string): Promise<void> {
  const log = await mailOfOrder(orderId, mailId);
  if (!log) throw new NotFoundError("This order has no such mail.");
  if (log.state !== "failed") throw new ConflictError(log.state === "sent" ? "This mail was sent already." : "This mail is queued already.");
  if (!jobsConfigured()) throw new ServiceUnavailableError(AWAY);
  // Logged queued before the job runs again: the engine rewrites the whole log on each update, so
  // marking it after could undo the worker's count of the new try, or its "sent".
  await logQueuedAgain(mailId);
  try {
    const job = await redisAnswer(mailQueue().getJob(mailId));
    const state = job ? await redisAnswer(job.getState()) : null;
    if (job && (state === "failed" || state === "completed")) await redisAnswer(job.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true }));
    else if (!job) await queueMail({ id: mailId, kind: log.kind, orderId, ...(log.userId ? { userId: String(log.userId) } : {}) });
  } catch {
    await logFailure(mailId, log.lastError ?? AWAY, true);
    throw new ServiceUnavailableError(AWAY);
  }
}
