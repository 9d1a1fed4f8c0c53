import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Modules marked server-only are what the tests exercise: resolve the marker as a server would.
  resolve: { alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") } },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    // scrypt and a real database: give each test room, and keep the two cores for one file at a time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
