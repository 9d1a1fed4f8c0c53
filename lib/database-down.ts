// Failures that mean "the database cannot be reached just now", not "this request is wrong":
// the API answers them with 503 (lib/http.ts), and so do pages (lib/server-lifecycle.ts).
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

export const DATABASE_DOWN_MESSAGE = "The shop's database is not available right now; please try again shortly.";

/** Seconds a client should wait before trying again: about one connection attempt. */
export const DATABASE_RETRY_AFTER = "5";
