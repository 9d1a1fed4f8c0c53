import "server-only";
import { jobsConfigured } from "@/lib/jobs/connection";
import { jobQueue, redisAnswer, startJobWorker } from "@/lib/jobs/queues";

// Jobs that run on a timer, handed over by instrumentation.ts (this layer knows no domain). With
// Redis, each is a BullMQ job scheduler on the "scheduled" queue: one run per interval however many
// server processes there are, whichever process's worker takes it. Without Redis (a server started
// on its own), every process runs it on its own timer: the job itself must then see to running once.

export type ScheduledJob = {
  /** The job's name, unique among the scheduled jobs. */
  name: string;
  /** The log lines' tag, e.g. "orders". */
  topic: string;
  /** How often it runs; it also runs once soon after start-up. */
  everyMs: number;
  /** Does the work; what to log, or null for nothing worth a line. */
  run: () => Promise<string | null>;
};

const QUEUE = "scheduled";
/** The first tick waits this long: start-up's own repairs go first. */
const FIRST_RUN_MS = 2_000;

async function runLogged({ topic, run }: ScheduledJob): Promise<void> {
  try {
    const line = await run();
    if (line) console.warn(`[${topic}] ${line}`);
  } catch (error) {
    console.error(`[${topic}] scheduled job failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Starts the jobs; none without a database. Settles within seconds even when Redis does not answer (then on timers). */
export async function scheduleJobs(jobs: ScheduledJob[]): Promise<void> {
  if (!process.env.MONGODB_URI) return;
  if (!jobsConfigured()) return scheduleOnTimers(jobs);
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const queue = jobQueue(QUEUE, { removeOnComplete: 100, removeOnFail: 100 });
  startJobWorker(QUEUE, async (job) => {
    const scheduled = byName.get(job.name);
    if (scheduled) await runLogged(scheduled);
  });
  for (const job of jobs) {
    // Upserted by every process at start: the same scheduler id keeps one schedule, the last interval winning.
    await redisAnswer(queue.upsertJobScheduler(job.name, { every: job.everyMs, startDate: Date.now() + FIRST_RUN_MS }, { name: job.name })).catch((error: unknown) => {
      console.warn(`[jobs] could not schedule ${job.name} (Redis away?): ${error instanceof Error ? error.message : String(error)}; running it on this process's timer`);
      scheduleOnTimers([job]);
    });
  }
}

/** Every process's own timers; the timers never keep the process alive. */
function scheduleOnTimers(jobs: ScheduledJob[]): void {
  for (const job of jobs) {
    let running = false;
    const tick = () => {
      // A run slower than the interval is not overlapped by the next.
      if (running) return;
      running = true;
      void runLogged(job).finally(() => (running = false));
    };
    setTimeout(tick, FIRST_RUN_MS).unref();
    setInterval(tick, job.everyMs).unref();
  }
}
