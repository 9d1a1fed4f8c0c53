/** Runs once when the server starts (Next.js instrumentation hook). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkAuthSecretAtStartup } = await import("@/lib/auth/startup-check");
    checkAuthSecretAtStartup();
    // Not while `next build` prerenders: only a server that serves requests settles and shuts down.
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      const { installGracefulShutdown, installRequestFilter, settleInterruptedOrdersAtStartup } = await import("@/lib/server-lifecycle");
      await installRequestFilter();
      installGracefulShutdown();
      settleInterruptedOrdersAtStartup();
    }
  }
}
