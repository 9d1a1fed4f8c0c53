import { disconnectDb } from "@/lib/db";
import { settleAllInterruptedOrders } from "@/lib/stock";

// What the production server does when it starts and when it is asked to stop (instrumentation.ts).

/** Settles orders a crashed server left half-done; in the background, so start-up never waits on the database. */
export function settleInterruptedOrdersAtStartup(): void {
  if (!process.env.MONGODB_URI) return;
  void settleAllInterruptedOrders()
    .then((settled) => {
      if (settled > 0) console.warn(`[orders] settled ${settled} interrupted order(s) at start-up`);
    })
    .catch((error: unknown) => console.error(`[orders] could not settle interrupted orders at start-up (the next order of each part will): ${error instanceof Error ? error.message : String(error)}`));
}

/** How long in-flight requests may take to finish after SIGTERM before the server stops anyway. */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 20_000);

/**
 * Graceful shutdown. `next start` already handles SIGTERM well: it stops accepting connections,
 * waits for in-flight requests, closes the Next server and then calls process.exit(143). We hook
 * that final exit to close the database connection first and to exit 0 (stopped as asked), and
 * bound the wait so a stuck request cannot keep the process alive for ever.
 */
export function installGracefulShutdown(): void {
  const globalFlag = globalThis as typeof globalThis & { __autopartsShutdownHook?: boolean };
  if (globalFlag.__autopartsShutdownHook) return;
  globalFlag.__autopartsShutdownHook = true;
  process.once("SIGTERM", () => {
    console.log("[server] SIGTERM: no new connections; finishing requests in flight");
    const exit = process.exit.bind(process);
    let exiting = false;
    const finish = (code: number) => {
      if (exiting) return;
      exiting = true;
      void disconnectDb()
        .catch((error: unknown) => console.error("[server] closing the database connection failed", error))
        .finally(() => {
          console.log(`[server] stopped (database connection closed), exit ${code}`);
          exit(code);
        });
    };
    // Next's own handler ends with process.exit(143) once every request has finished.
    process.exit = ((code?: number | string | null) => finish(code === 143 || code === undefined || code === null ? 0 : Number(code))) as typeof process.exit;
    setTimeout(() => {
      console.error(`[server] requests still running after ${SHUTDOWN_GRACE_MS} ms; stopping anyway`);
      finish(1);
    }, SHUTDOWN_GRACE_MS).unref();
  });
}
