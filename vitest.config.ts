import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Test files that run alone, after the others: they kill or restart processes (a server, the
 * database, Redis), time what they see, or rebuild enough lists to need both cores inside a test's
 * timeout. Every other file has a database of its own (tests/support/setup.ts) and runs beside
 * another, two at a time: much of a file's time is spent waiting (a server starting, a lock's wait
 * running out), and two files waiting side by side cost one's time.
 */
const ALONE = [
  "api-database-down", "cluster", "crash-safety", "database-recovery", "fitment-import-crash", "give-way", "graceful-shutdown",
  "import-killed", "import-parts", "limit-stores", "lock-renewal", "lock-wakes", "mail-delivery", "mail-queue",
  "mails-recorded", "order-lines-life", "ordered-index", "part-numbers", "password-reset", "place-lines-crash", "query-audit-orders",
  "seed", "seed-reviews-users", "server-process", "shared-cache", "shared-limits", "stock", "unpaid-transfers-expiry",
].map((name) => `tests/**/${name}.test.ts`);

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Tests import lib/ outside Next, where "server-only" would throw: its react-server build is empty.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    // scrypt and a real database: give each test room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "side by side", include: ["tests/**/*.test.ts"], exclude: ALONE, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: "alone", include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
