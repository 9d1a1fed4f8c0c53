/** Thrown when a gate's queue is full: the caller answers "busy" at once instead of waiting. */
export class GateBusyError extends Error {}

/**
 * Runs at most `slots` tasks at a time; up to `queue` more wait their turn and any beyond that are
 * refused. Password hashing goes through one, so a flood of sign-ins cannot take every core.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.queue) throw new GateBusyError("Too many tasks are waiting.");
      // The slot is handed over by the task that finishes, so `running` never drops in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
