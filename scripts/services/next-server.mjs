// The shop's production server for the scripts and tests: `next start` on the build in NEXT_DIST_DIR
// (default .next-test) against MONGODB_URI (set by with-db.mjs or the caller's env), ready once
// next-auth answers.
import { repoRoot, nextBin } from "./paths.mjs";
import { freePort, startServerProcess } from "./server-process.mjs";

/**
 * Starts `next start` on 127.0.0.1 (a free port unless given); resolves once it answers. `env`
 * overrides the server's environment. `log` gets its output line by line (otherwise it is kept, for
 * output() and errors). `detached`: in a process group of its own (the caller must then stop it).
 * `graceMs`: how long stop() lets it finish its requests before killing it.
 */
export async function startNext({ port, env = {}, log, detached = false, graceMs = 25_000 } = {}) {
  const p = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${p}`;
  let output = "";
  const take = (chunk) => {
    if (!log) output += chunk;
    else for (const line of String(chunk).split("\n")) if (line) log(line);
  };
  const server = await startServerProcess({
    name: "next start",
    command: process.execPath,
    args: [nextBin, "start", "-H", "127.0.0.1", "-p", String(p)],
    spawnOptions: {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-test", NEXT_TELEMETRY_DISABLED: "1", NEXTAUTH_URL: baseUrl, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
    detached,
    onSpawn: (child) => {
      child.stdout.on("data", take);
      child.stderr.on("data", take);
    },
    answers: () => fetch(`${baseUrl}/api/auth/csrf`).then((r) => r.ok, () => false),
    pollMs: 200,
    timeoutMs: 60_000,
    graceMs,
    hint: () => `:\n${output}`,
  });
  return { baseUrl, pid: server.pid, output: () => output, exit: server.exit, kill: server.kill, stop: server.stop };
}
