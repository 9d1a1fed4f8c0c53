// Work queued per key and run one batch at a time: while a key's batch runs, the calls that arrive
// meanwhile gather into its next batch. Behind a lock per key, a crowd of callers then costs one
// lock and one round of reads and writes per batch instead of one per caller.

/** What one item of a batch came to: its value, or the error its caller gets. */
export type Outcome<Result> = { value: Result } | { error: unknown };

type Waiter<Result> = { resolve: (value: Result) => void; reject: (error: unknown) => void };
type Gathering<Item, Result> = { items: Item[]; waiters: Waiter<Result>[] };

/**
 * `run(key, items)` answers each item, in order. A call made while `maxItems` items of the key are
 * already running or waiting is refused with `busy()`, so a crowd is turned away rather than queued
 * without end. A `run` may answer before its work is over: then `ready(items)` says when a batch of
 * these items may run, and calls made until then join it. Returns the function that queues one item
 * and resolves with its outcome.
 */
export function batchesByKey<Item, Result>(
  run: (key: string, items: Item[]) => Promise<Outcome<Result>[]>,
  { maxItems, busy, ready }: { maxItems: number; busy: () => Error; ready?: (items: Item[]) => Promise<void> },
): (key: string, item: Item) => Promise<Result> {
  const gathering = new Map<string, Gathering<Item, Result>>();
  const running = new Set<string>();
  /** Items of each key running or waiting: what `maxItems` bounds. */
  const inFlight = new Map<string, number>();
  const done = (key: string, count: number) => {
    const left = (inFlight.get(key) ?? 0) - count;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
  };

  async function drain(key: string): Promise<void> {
    running.add(key);
    try {
      for (let next = gathering.get(key); next; next = gathering.get(key)) {
        if (ready) {
          await ready(next.items).catch(() => undefined);
          next = gathering.get(key)!;
        }
        const batch = next;
        gathering.delete(key);
        try {
          const outcomes = await run(key, batch.items).finally(() => done(key, batch.items.length));
          batch.waiters.forEach((waiter, i) => {
            const outcome = outcomes[i]!;
            if ("error" in outcome) waiter.reject(outcome.error);
            else waiter.resolve(outcome.value);
          });
        } catch (error) {
          batch.waiters.forEach((waiter) => waiter.reject(error));
        }
      }
    } finally {
      running.delete(key);
    }
  }

  return (key, item) =>
    new Promise<Result>((resolve, reject) => {
      if ((inFlight.get(key) ?? 0) >= maxItems) return reject(busy());
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      const batch = gathering.get(key) ?? { items: [], waiters: [] };
      batch.items.push(item);
      batch.waiters.push({ resolve, reject });
      gathering.set(key, batch);
      if (!running.has(key)) void drain(key);
    });
}
