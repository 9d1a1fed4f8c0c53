import { defineConfig, devices } from "@playwright/test";
import { E2E_SHOPS, shopBaseUrl, shopPorts, thisShop } from "./e2e/shops";

// The production build against fresh embedded databases, on ports of their own (e2e/shops.ts), so
// the tests can run beside a shop started with `npm start`. This file is read again in each worker,
// where `thisShop()` is the worker's own shop.
const baseURL = shopBaseUrl(thisShop());
const distDir = process.env.NEXT_DIST_DIR ?? ".next-test";

/** One shop: its database, private Redis (the mail queue) and Mailpit (the mail the journeys read: e2e/support.ts), then next start. */
function shopServer(index: number) {
  const ports = shopPorts(index);
  const url = shopBaseUrl(ports);
  // Named by its port, so two runs in one checkout on other ports never wipe each other's database.
  const data = `.data/e2e-${ports.web}`;
  return {
    command: `node scripts/services/with-db.mjs --seed --fresh --port ${ports.db} --data ${data} --redis-port ${ports.redis} --smtp-port ${ports.smtp} --mail-port ${ports.mail} -- next start -H 127.0.0.1 -p ${ports.web}`,
    url,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      NEXT_DIST_DIR: distDir,
      NEXTAUTH_URL: url,
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-only-secret-not-for-production-0123456789",
      ADMIN_EMAIL: "admin@autoparts.local",
      ADMIN_PASSWORD: "admin-dev-password",
      // Every test signs in from 127.0.0.1: lift the per-address limits, keep the per-email one (10 per 15 minutes) under test.
      AUTH_SIGNIN_FAILURES_PER_IP: "1000",
      AUTH_SIGNUPS_PER_IP: "1000",
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  // A file's tests run in order in one worker; the files are shared out among the shops' workers.
  fullyParallel: false,
  workers: E2E_SHOPS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two shops and two browsers share the machine's cores: room for the longest journeys (about 30 s alone).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    // The test command's closing line (scripts/testing/test-summary.mjs) is computed from this report.
    ...(process.env.TEST_RESULTS_DIR ? [["json", { outputFile: `${process.env.TEST_RESULTS_DIR}/playwright.json` }] as const] : []),
  ],
  use: {
    baseURL,
    // A trace costs a journey a fifth of its time; the whole suite (npm test) records none
    // (E2E_TRACE=off) and a failing journey run again alone records its own.
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Browsers cannot be downloaded here: drive Debian's Chromium.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: Array.from({ length: E2E_SHOPS }, (_, index) => shopServer(index)),
});
