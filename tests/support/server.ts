import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/services/ferretdb.mjs";

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

const repoRoot = path.resolve(import.meta.dirname, "..", "..");

/** Starts `next start`; `env` overrides the server's environment (e.g. a MONGODB_URI nobody answers on). */
/** The newest modification time among the files the build is made from. */
function newestSourceTime(): number {
  let newest = 0;
  const visit = (entry: string) => {
    const full = path.join(repoRoot, entry);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (stat.isDirectory()) for (const child of readdirSync(full)) visit(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of ["app", "lib", "models", "components", "types", "public", "proxy.ts", "next.config.ts", "package-lock.json"]) visit(entry);
  return newest;
}

export async function startServer(env: Record<string, string> = {}, { port: fixedPort }: { port?: number } = {}): Promise<TestServer> {
  const distDir = process.env.NEXT_DIST_DIR || ".next-test";
  if (!existsSync(path.join(repoRoot, distDir, "BUILD_ID"))) {
    throw new Error(`No production build in ${distDir}/. Build first: NEXT_DIST_DIR=${distDir} npx next build (npm test does this before vitest).`);
  }
  // Testing an old build would test old code: say so instead of passing or failing for the wrong reason.
  if (!process.env.API_TEST_ALLOW_STALE_BUILD && statSync(path.join(repoRoot, distDir, "BUILD_ID")).mtimeMs < newestSourceTime()) {
    throw new Error(`The build in ${distDir}/ is older than the source. Rebuild: NEXT_DIST_DIR=${distDir} npx next build (or set API_TEST_ALLOW_STALE_BUILD=1).`);
  }
  const mongoUri = process.env.MONGODB_URI;
  if (!mongoUri) throw new Error("MONGODB_URI is not set: tests/support/setup.ts sets it for every test file.");
  const port = fixedPort ?? (process.env.API_TEST_PORT ? Number(process.env.API_TEST_PORT) : await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(repoRoot, "node_modules", "next", "dist", "bin", "next"), "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      MONGODB_URI: mongoUri,
      NEXTAUTH_URL: baseUrl,
      NEXTAUTH_SECRET: TEST_AUTH_SECRET,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running) throw new Error(`next start exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/auth/csrf`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`next start did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    pid: child.pid ?? 0,
    exited,
    kill: (signal) => void child.kill(signal),
    output: () => output,
    async stop() {
      if (!running) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
