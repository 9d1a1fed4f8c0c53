import "server-only";

// Wakes a waiter for a lock held by another process as soon as that lock is let go, instead of it
// polling the database (lib/storage/lock.ts). Whatever carries the news between processes (Redis,
// lib/redis/lock-waker.ts) is handed in at start-up: the storage layer knows none. It only wakes:
// the lock in the database stays the truth, and a waiter still reads it for a holder that died.

/** Carries "these locks were let go" to every server process. */
export type LockWaker = {
  /** Whether a release announced by any process reaches this one now; a waiter polls while not. */
  listening(): boolean;
  /** Tells every process that these locks were let go; does not wait for it to be sent. */
  announce(keys: readonly string[]): void;
};

let waker: LockWaker | undefined;
const watchers = new Map<string, Set<() => void>>();

/** Start-up hands in the waker (or none: waiters poll). */
export function chooseLockWaker(chosen: LockWaker | undefined): void {
  waker = chosen;
}

/** A process let these locks go: their waiters here try again now. */
export function hearReleased(keys: readonly string[]): void {
  for (const key of keys) watchers.get(key)?.forEach((wake) => wake());
}

/** The waker stopped listening (Redis went away): every waiter tries again now, and polls from then on. */
export function hearNothingMore(): void {
  watchers.forEach((wakes) => wakes.forEach((wake) => wake()));
}

export function announceReleased(keys: readonly string[]): void {
  if (keys.length > 0) waker?.announce(keys);
}

/** Whether a waiter can wait for a wake now rather than poll. */
export function wakesHeard(): boolean {
  return waker?.listening() ?? false;
}

/**
 * Watches a lock's releases from now on, so a release heard between a failed try and the wait
 * that follows it is not missed. `wait(ms)` resolves at the first release heard since the last
 * wait, or after `ms`; `stop()` ends the watch.
 */
export function watchReleases(key: string): { wait(ms: number): Promise<void>; stop(): void } {
  let heard = false;
  let wakeWaiter: (() => void) | undefined;
  const wake = () => {
    heard = true;
    wakeWaiter?.();
  };
  const line = watchers.get(key) ?? new Set();
  line.add(wake);
  watchers.set(key, line);
  return {
    async wait(ms) {
      if (!heard) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          wakeWaiter = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeWaiter = undefined;
      }
      heard = false;
    },
    stop() {
      line.delete(wake);
      if (line.size === 0 && watchers.get(key) === line) watchers.delete(key);
    },
  };
}
