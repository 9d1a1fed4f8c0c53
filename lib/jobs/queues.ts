import "server-only";
import { Queue, Worker, type JobsOptions, type Processor } from "bullmq";
import { jobConnection, jobPrefix } from "@/lib/jobs/connection";

// The shop's named job queues (BullMQ on REDIS_URL) and the workers of this process. Knows no domain:
// a domain names its queue, adds its jobs and hands over what a job does. Kept on globalThis because
// Next bundles instrumentation.ts and the route handlers apart, and they must share one queue each.

type Jobs = { queues: Map<string, Queue>; workers: Worker[] };
const SLOT = Symbol.for("autoparts.jobs");
const WARN_EVERY_MS = 60_000;

function jobs(): Jobs {
  const slot = globalThis as typeof globalThis & { [SLOT]?: Jobs };
  return (slot[SLOT] ??= { queues: new Map(), workers: [] });
}

const lastWarning = new Map<string, number>();
/** A Redis that is away is said once a minute per queue, not on every reconnect. */
function warnOnce(name: string, error: Error): void {
  const now = Date.now();
  if (now - (lastWarning.get(name) ?? 0) < WARN_EVERY_MS) return;
  lastWarning.set(name, now);
  console.warn(`[jobs] ${name}: ${error.message}`);
}

/** The queue of that name, to add jobs to (adding fails at once while Redis is away). */
export function jobQueue(name: string, defaultJobOptions?: JobsOptions): Queue {
  const known = jobs().queues.get(name);
  if (known) return known;
  const queue = new Queue(name, { connection: jobConnection({ failFast: true }), prefix: jobPrefix(), defaultJobOptions });
  queue.on("error", (error) => warnOnce(name, error));
  jobs().queues.set(name, queue);
  return queue;
}

/** How long adding a job may wait for Redis: one that never connected would otherwise hold the caller forever. */
const ADD_WAIT_MS = 5_000;

/**
 * The work's answer, or an error once Redis has not answered within ADD_WAIT_MS. The work itself
 * may still complete later: callers add jobs under ids of their own, so trying again adds nothing twice.
 */
export async function redisAnswer<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the job queue's Redis did not answer within ${ADD_WAIT_MS / 1000} s`)), ADD_WAIT_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts this process's worker on the queue: BullMQ gives each job to one worker of all processes.
 * `maxStalledCount`: how often a job whose process died may be taken up again before it fails.
 */
export function startJobWorker<Data>(name: string, processor: Processor<Data>, { concurrency = 1, maxStalledCount }: { concurrency?: number; maxStalledCount?: number } = {}): Worker<Data> {
  const worker = new Worker<Data>(name, processor, { connection: jobConnection({ failFast: false }), prefix: jobPrefix(), concurrency, ...(maxStalledCount === undefined ? {} : { maxStalledCount }) });
  worker.on("error", (error) => warnOnce(name, error));
  jobs().workers.push(worker as Worker);
  return worker;
}

/**
 * Closes the workers and the queues: server shutdown, tests. Each worker's running jobs are told to
 * stop (their processor's AbortSignal): a long one stops at its next safe point, a short one finishes.
 */
export async function closeJobs(): Promise<void> {
  const { queues, workers } = jobs();
  for (const worker of workers) worker.cancelAllJobs("the process is stopping");
  await Promise.all(workers.splice(0).map((worker) => worker.close().catch(() => undefined)));
  await Promise.all([...queues.values()].map((queue) => queue.close().catch(() => undefined)));
  queues.clear();
}
