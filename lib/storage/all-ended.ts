// Work sent at once under a lock (writes, or writers each holding locks of their own) must all have
// ended before the lock goes or the caller retries: Promise.all would fail at the first failure while
// the others are still on their way.

/** Awaits every promise and fails, as Promise.all would, but only once all have ended. */
export async function allEnded(work: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}
