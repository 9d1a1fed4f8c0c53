import { startNext } from "../../scripts/services/next-server.mjs";
import { buildState } from "../../scripts/services/production-build.mjs";
import { freePort } from "../../scripts/services/server-process.mjs";

// The real production server (`next start` on the build in NEXT_DIST_DIR, default .next-test)
// against this test file's database, so route handlers, next-auth and cookies run exactly as
// they do in the shop. `npm test` builds before it runs vitest.

export const TEST_AUTH_SECRET = "vitest-only-secret-not-for-production-0123456789";

export type TestServer = {
  baseUrl: string;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal) once the server process ends. */
  exited: Promise<number | null>;
  /** Sends a signal (SIGKILL for the crash test, SIGTERM for the shutdown test). */
  kill(signal: NodeJS.Signals): void;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
};

/** Starts `next start`; `env` overrides the server's environment (e.g. a MONGODB_URI nobody answers on). */
export async function startServer(env: Record<string, string> = {}, { port: fixedPort }: { port?: number } = {}): Promise<TestServer> {
  const distDir = process.env.NEXT_DIST_DIR || ".next-test";
  const build = buildState(distDir);
  if (build === "missing") {
    throw new Error(`No production build in ${distDir}/. Build first: NEXT_DIST_DIR=${distDir} npx next build (npm test does this before vitest).`);
  }
  // Testing an old build would test old code: say so instead of passing or failing for the wrong reason.
  if (build === "stale" && !process.env.API_TEST_ALLOW_STALE_BUILD) {
    throw new Error(`The build in ${distDir}/ is older than the source. Rebuild: NEXT_DIST_DIR=${distDir} npx next build (or set API_TEST_ALLOW_STALE_BUILD=1).`);
  }
  const mongoUri = process.env.MONGODB_URI;
  if (!mongoUri) throw new Error("MONGODB_URI is not set: tests/support/setup.ts sets it for every test file.");
  const port = fixedPort ?? (process.env.API_TEST_PORT ? Number(process.env.API_TEST_PORT) : await freePort());
  const server = await startNext({ port, env: { NEXT_DIST_DIR: distDir, MONGODB_URI: mongoUri, NEXTAUTH_SECRET: TEST_AUTH_SECRET, ...env }, graceMs: 5_000 });
  return {
    baseUrl: server.baseUrl,
    pid: server.pid ?? 0,
    exited: server.exit.then(({ code }) => code),
    kill: (signal) => void server.kill(signal),
    output: server.output,
    stop: server.stop,
  };
}
