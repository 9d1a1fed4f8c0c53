// Failures that mean "the database cannot be reached just now", not "this request is wrong":
// the API answers them with 503 (lib/http/route.ts), and so do pages (lib/server/server-lifecycle.ts).
// No imports: instrumentation's error hook reads this without loading the driver.

const DATABASE_DOWN = new Set([
  "MongoServerSelectionError",
  "MongooseServerSelectionError",
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoTopologyClosedError",
  "MongoNotConnectedError",
  "MongoPoolClearedError",
]);

export function isDatabaseDown(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === "string" && DATABASE_DOWN.has(name);
}

/**
 * Logs a failure nobody expected: an outage as one line (the driver's error carries a stack and its
 * whole topology, some 50 lines, on every attempt while the database is away), anything else in full.
 */
export function logUnexpected(context: string, error: unknown): void {
  if (isDatabaseDown(error)) console.error(`${context}, database down: ${(error as Error).message}`);
  else console.error(context, error);
}

export const DATABASE_DOWN_MESSAGE = "The shop's database is not available right now; please try again shortly.";

/** Seconds a client should wait before trying again: about one connection attempt. */
export const DATABASE_RETRY_AFTER = "5";
