import { defineConfig, devices } from "@playwright/test";

// The production build against a fresh embedded database, on ports of its own,
// so the tests can run beside a shop started with `npm start`.
const port = Number(process.env.E2E_PORT ?? 3100);
const dbPort = Number(process.env.E2E_DB_PORT ?? 27127);
// The shop's private Redis (the mail queue) and Mailpit (the mail the journeys read: e2e/support.ts).
const redisPort = Number(process.env.E2E_REDIS_PORT ?? 6427);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 1127);
const mailPort = Number(process.env.E2E_MAILPIT_PORT ?? 8127);
const baseURL = `http://127.0.0.1:${port}`;
const distDir = process.env.NEXT_DIST_DIR ?? ".next-test";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    // The test command's closing line (scripts/testing/test-summary.mjs) is computed from this report.
    ...(process.env.TEST_RESULTS_DIR ? [["json", { outputFile: `${process.env.TEST_RESULTS_DIR}/playwright.json` }] as const] : []),
  ],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      // Browsers cannot be downloaded here: drive Debian's Chromium.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node scripts/services/with-db.mjs --seed --fresh --port ${dbPort} --data .data/e2e --redis-port ${redisPort} --smtp-port ${smtpPort} --mail-port ${mailPort} -- next start -H 127.0.0.1 -p ${port}`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NEXT_DIST_DIR: distDir,
      NEXTAUTH_URL: baseURL,
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-only-secret-not-for-production-0123456789",
      ADMIN_EMAIL: "admin@autoparts.local",
      ADMIN_PASSWORD: "admin-dev-password",
      // Every test signs in from 127.0.0.1: lift the per-address limits, keep the per-email one (10 per 15 minutes) under test.
      AUTH_SIGNIN_FAILURES_PER_IP: "1000",
      AUTH_SIGNUPS_PER_IP: "1000",
    },
  },
});
