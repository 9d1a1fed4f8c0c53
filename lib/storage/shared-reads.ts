// Reads of the same thing made while one is already on its way share its answer: a crowd of
// requests from one account costs one read, not one each. A reader may only get an answer whose
// read started after it arrived or while it waited, so a write made here calls `forgetSharedRead`
// and later readers start afresh. Shared answers are read-only.

const inFlight = new Map<string, Promise<unknown>>();

/** `read()`, or the answer of the same read already in flight under `key`. */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const started = read().finally(() => {
    if (inFlight.get(key) === started) inFlight.delete(key);
  });
  inFlight.set(key, started);
  return started;
}

/** After a write to what `key` reads: readers from now on do not share a read started before it. */
export function forgetSharedRead(key: string): void {
  inFlight.delete(key);
}
