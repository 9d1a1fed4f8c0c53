import "server-only";
import { DelayedError, type Job, type JobsOptions, type Worker } from "bullmq";
import { jobQueue, redisAnswer, startJobWorker } from "@/lib/jobs/queues";
import { unfinishedImportJobs } from "@/lib/imports/import-jobs";
import { ImportStopped, markImportFailed, type RunHooks, runImport } from "@/lib/imports/run-import";
import { sweepStoredFiles } from "@/lib/imports/stored-files";

// The "imports" queue: a job's id is its ImportJob's id, so queuing it again (the CLI, a worker
// starting) adds it once. A try that fails (the database gone) is tried again from the checkpoint,
// each wait twice the last up to about an hour in all; a file the job cannot read fails it at once.
// A process that stops hands its job back between batches; one that dies leaves it to be taken up
// again (stalled) by any worker, as often as that happens.

export const IMPORT_QUEUE = "imports";
type ImportJobData = { id: string };

const DAY_S = 24 * 60 * 60;
const IMPORT_JOB_OPTIONS: JobsOptions = {
  attempts: 12,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { age: 14 * DAY_S },
  removeOnFail: { age: 60 * DAY_S },
};
/** Restarts and crashes an import may live through: each one that kills its process is a stall. */
const MAX_STALLS = 1_000;
/** How soon a job handed back by a stopping process is offered to the workers again. */
const HANDED_BACK_DELAY_MS = 1_000;

export const importQueue = () => jobQueue(IMPORT_QUEUE, IMPORT_JOB_OPTIONS);

/** Queues the job; one that failed on the queue while its import is unfinished (Redis or the database away too long) is tried again. */
export async function queueImport(id: string): Promise<void> {
  const queue = importQueue();
  const known = await redisAnswer(queue.getJob(id));
  if (known && (await redisAnswer(known.isFailed()))) await redisAnswer(known.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true }));
  else if (!known) await redisAnswer(queue.add("import", { id }, { jobId: id }));
}

async function processImport(job: Job<ImportJobData>, token: string | undefined, signal: AbortSignal | undefined, hooks: RunHooks): Promise<void> {
  try {
    await runImport(job.data.id, { ...hooks, signal });
  } catch (error) {
    if (error instanceof ImportStopped && token) {
      await job.moveToDelayed(Date.now() + HANDED_BACK_DELAY_MS, token);
      throw new DelayedError();
    }
    // The last try: the job says why it ended, rather than running for ever.
    const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (lastTry) await markImportFailed(job.data.id, `Stopped after ${job.opts.attempts ?? 1} tries: ${error instanceof Error ? error.message : String(error)}`).catch(() => undefined);
    throw error;
  }
}

/** Starts this process's import worker, one job at a time, queues again the jobs a stopped process left unfinished, and sweeps the stored files left behind. */
export async function startImportWorker(hooks: RunHooks = {}): Promise<Worker<ImportJobData>> {
  const worker = startJobWorker<ImportJobData>(IMPORT_QUEUE, (job, token, signal) => processImport(job, token, signal, hooks), { maxStalledCount: MAX_STALLS });
  // However the queue gives a job up (its last try, an error marked unrecoverable, too many stalls),
  // its record says failed with the reason rather than running for ever. A try to be made again is no end.
  worker.on("failed", (job, error) => {
    if (!job) return;
    void (async () => {
      if ((await job.getState()) !== "failed") return;
      await markImportFailed(job.data.id, error.message);
    })().catch((markError: unknown) => console.error(`Import job ${job.data.id} ended failed on the queue; its record could not say so:`, markError));
  });
  for (const id of await unfinishedImportJobs()) await queueImport(id);
  await sweepStoredFiles().catch((error: unknown) => console.warn(`[imports] could not sweep the ended jobs' stored files: ${error instanceof Error ? error.message : String(error)}`));
  return worker;
}
