import "server-only";
import type { Job, JobsOptions, Worker } from "bullmq";
import { jobQueue, redisAnswer, startJobWorker } from "@/lib/jobs/queues";
import { unfinishedImportJobs } from "@/lib/imports/import-jobs";
import { type RunHooks, runImport } from "@/lib/imports/run-import";

// The "imports" queue: a job's id is its ImportJob's id, so queuing it again (the CLI, a worker
// starting) adds it once. A try that fails (the database gone) is tried again from the checkpoint,
// each wait twice the last up to about an hour in all; a file the job cannot read fails it at once.

export const IMPORT_QUEUE = "imports";
type ImportJobData = { id: string };

const DAY_S = 24 * 60 * 60;
const IMPORT_JOB_OPTIONS: JobsOptions = {
  attempts: 12,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { age: 14 * DAY_S },
  removeOnFail: { age: 60 * DAY_S },
};

export const importQueue = () => jobQueue(IMPORT_QUEUE, IMPORT_JOB_OPTIONS);

export async function queueImport(id: string): Promise<void> {
  await redisAnswer(importQueue().add("import", { id }, { jobId: id }));
}

/** Starts this process's import worker, one job at a time, and queues again the jobs a stopped process left unfinished. */
export async function startImportWorker(hooks: RunHooks = {}): Promise<Worker<ImportJobData>> {
  const worker = startJobWorker<ImportJobData>(IMPORT_QUEUE, (job: Job<ImportJobData>) => runImport(job.data.id, hooks));
  for (const id of await unfinishedImportJobs()) await queueImport(id);
  return worker;
}
