import "server-only";

// Jobs every server process runs on a timer, handed over by instrumentation.ts (this layer knows
// no domain). A job that must run once for all processes sees to that itself (a lock, its last run).

export type ScheduledJob = {
  /** The log lines' tag, e.g. "orders". */
  topic: string;
  /** How often it runs; it also runs once soon after start-up. */
  everyMs: number;
  /** Does the work; what to log, or null for nothing worth a line. */
  run: () => Promise<string | null>;
};

/** The first tick waits this long: start-up's own repairs go first. */
const FIRST_RUN_MS = 2_000;

/** Starts the jobs' timers; none without a database. The timers never keep the process alive. */
export function scheduleJobs(jobs: ScheduledJob[]): void {
  if (!process.env.MONGODB_URI) return;
  for (const { topic, everyMs, run } of jobs) {
    let running = false;
    const tick = () => {
      // A run slower than the interval is not overlapped by the next.
      if (running) return;
      running = true;
      void run()
        .then((line) => {
          if (line) console.warn(`[${topic}] ${line}`);
        })
        .catch((error: unknown) => console.error(`[${topic}] scheduled job failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => (running = false));
    };
    setTimeout(tick, FIRST_RUN_MS).unref();
    setInterval(tick, everyMs).unref();
  }
}
