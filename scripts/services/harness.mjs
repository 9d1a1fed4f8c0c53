// Shared by scripts/fuzz.mjs and scripts/performance/load/run.mjs: starts the production server (`next start` on the
// build in NEXT_DIST_DIR, default .next-test) against MONGODB_URI (set by scripts/services/with-db.mjs) and
// signs in through the real next-auth credentials flow; makes sure a build is there to start.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./ferretdb.mjs";
import { stopChild, trackChild } from "./stop-child.mjs";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The newest modification time among the files a build is made from (git's list of them). */
function newestSource() {
  const listed = spawnSync("git", ["ls-files", "app", "components", "lib", "models", "types", "public", "proxy.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"], { cwd: repoRoot, encoding: "utf8" });
  const files = (listed.stdout ?? "").split("\n").filter(Boolean);
  return Math.max(0, ...files.map((file) => (existsSync(path.join(repoRoot, file)) ? statSync(path.join(repoRoot, file)).mtimeMs : 0)));
}

/**
 * Makes sure the production build in `dist` exists and is newer than the source, else builds it
 * there as `npm run build` does (no database); says which, under the log tag `who`.
 */
export function ensureBuild(dist, who) {
  const buildId = path.join(repoRoot, dist, "BUILD_ID");
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newestSource()) {
    console.log(`[${who}] using the production build in ${dist}/`);
    return;
  }
  const why = existsSync(buildId) ? `the build in ${dist}/ is older than the source` : `no production build in ${dist}/`;
  console.log(`[${who}] ${why}: building it first (next build)`);
  const env = { ...process.env, NEXT_DIST_DIR: dist };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  const built = spawnSync(process.execPath, [path.join(repoRoot, "node_modules", "next", "dist", "bin", "next"), "build"], { stdio: "inherit", cwd: repoRoot, env });
  if (built.status !== 0) throw new Error(`next build failed (${built.status ?? built.signal})`);
}

/**
 * Starts `next start` on 127.0.0.1; resolves once it answers. `log` gets its output line by line
 * (kept for errors otherwise). `detached`: in a process group of its own, so a Ctrl-C at the
 * terminal reaches only us and we stop it gracefully (the caller must then stop it). If it fails to
 * start, it is stopped before the error is thrown.
 */
export async function startNext({ port, env = {}, log, detached = false } = {}) {
  const p = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${p}`;
  const child = spawn(process.execPath, [path.join(repoRoot, "node_modules", "next", "dist", "bin", "next"), "start", "-H", "127.0.0.1", "-p", String(p)], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-test",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_URL: baseUrl,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached,
  });
  trackChild(child, { group: detached });
  let output = "";
  const take = (chunk) => {
    if (!log) output += chunk;
    else for (const line of String(chunk).split("\n")) if (line) log(line);
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  const exit = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const exited = exit.then(({ code }) => code);
  const stop = () => stopChild(child, exited, { graceMs: 25_000, group: detached });
  try {
    await answering(child, baseUrl, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid, output: () => output, exit, stop };
}

/** Waits until the server answers; throws if it exits first or stays silent for 60 s. */
async function answering(child, baseUrl, output) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`next start exited:\n${output()}`);
    const ok = await fetch(`${baseUrl}/api/auth/csrf`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`next start did not answer within 60 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function cookiesOf(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** Signs in (or, with `name`, signs up) and returns the Cookie header of the session. */
export async function signIn(baseUrl, { email, password, name }) {
  const jar = new Map();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  cookiesOf(csrf, jar);
  const { csrfToken } = await csrf.json();
  const fields = { email, password, csrfToken, callbackUrl: baseUrl, json: "true", ...(name ? { name, mode: "signup" } : {}) };
  const reply = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), origin: baseUrl },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  cookiesOf(reply, jar);
  const session = [...jar].filter(([k]) => k.includes("session-token"));
  if (session.length === 0) throw new Error(`sign-in of ${email} failed (${reply.status}): ${await reply.text()}`);
  return session.map(([k, v]) => `${k}=${v}`).join("; ");
}
