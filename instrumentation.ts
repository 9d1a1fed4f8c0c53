/** Runs once when the server starts (Next.js instrumentation hook). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkAuthSecretAtStartup } = await import("@/lib/auth/startup-check");
    checkAuthSecretAtStartup();
    // Not while `next build` prerenders: only a server that serves requests settles and shuts down.
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      const { installGracefulShutdown, installRequestFilter, repairAtStartup } = await import("@/lib/server/server-lifecycle");
      // The cached pages' rules, applied to a visitor's document request before Next (lib/cache/internal-rewrites.ts).
      const { cachedPageRewrites } = await import("@/lib/cache/cached-routes");
      const { CATALOGUE_ORDER, NARROWING_KEYS, PART_SORTS } = await import("@/lib/catalogue/query-string");
      await installRequestFilter(cachedPageRewrites({ sorts: PART_SORTS, ownOrder: CATALOGUE_ORDER, narrowingKeys: NARROWING_KEYS }));
      const { installUnrecognizedActionLog } = await import("@/lib/server/unrecognized-action-log");
      installUnrecognizedActionLog();
      installGracefulShutdown();
      // The shared cache (REDIS_URL) before the first request: a process serving before it is
      // connected renders every page afresh and stores none. A Redis that does not answer holds the
      // start back 3 s at most (lib/redis/connection.mjs); the client goes on reconnecting after it.
      const { connectRedis } = await import("@/lib/redis/connection.mjs");
      await connectRedis();
      // Lock waiters woken by the holder's release through Redis, rather than polling the database.
      const { wakeLockWaitersThroughRedis } = await import("@/lib/redis/lock-waker");
      wakeLockWaitersThroughRedis();
      // What a crashed server left half-done: orders that took stock, writes of documents and their lists.
      const { settleAllInterruptedOrders } = await import("@/lib/stock/part-stock");
      const { completeInterruptedWrites } = await import("@/lib/maintenance/interrupted-writes");
      repairAtStartup([
        { topic: "orders", run: settleAllInterruptedOrders, done: (n) => `settled ${n} interrupted order(s)`, failed: "could not settle interrupted orders at start-up (the next order of each part will)" },
        { topic: "lists", run: completeInterruptedWrites, done: (n) => `completed ${n} interrupted write(s)`, failed: "could not complete interrupted writes at start-up (the next write of each will)" },
      ]);
      // Mail due on orders and accounts queued by this process's relay, sent by its worker (lib/mail/).
      const { startMail } = await import("@/lib/mail/start");
      const { composeMail } = await import("@/lib/mail/composers");
      startMail(composeMail);
      // Catalogue imports (npm run import) on the same queue: a job the CLI or a stopped process left goes on here.
      const { startImports } = await import("@/lib/imports/start");
      startImports();
      // Bank transfers unpaid past the shop's hold are cancelled and restocked: a job scheduler on the
      // job queue (lib/jobs), one run per interval however many processes there are.
      const { scheduleJobs } = await import("@/lib/jobs/schedule");
      const { UNPAID_TRANSFER_TICK_MS, expireUnpaidTransfers } = await import("@/lib/orders/unpaid-transfers");
      await scheduleJobs([
        {
          name: "unpaid-transfers",
          topic: "orders",
          everyMs: UNPAID_TRANSFER_TICK_MS,
          run: async () => {
            const cancelled = await expireUnpaidTransfers();
            return cancelled ? `cancelled ${cancelled} unpaid bank transfer(s) past the payment hold` : null;
          },
        },
      ]);
    }
  }
}

/**
 * Next calls this for every error thrown while serving a request, inside that request's context:
 * a page that failed because the database is down is then answered with 503 (lib/server/server-lifecycle.ts).
 */
export async function onRequestError(error: unknown): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { notePageFailure } = await import("@/lib/server/server-lifecycle");
  notePageFailure(error);
}
