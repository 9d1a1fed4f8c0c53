// The shop as it runs when one process is not enough: N `next start` processes of one build behind
// nginx (Debian), sharing one database (MONGODB_URI) and one Redis (REDIS_URL, started here unless
// given) for the cache and the limits. Every process gets the same build, secret and environment;
// sessions are JWTs, so any process serves any visitor (no sticky sessions). nginx is the only
// trusted proxy: it connects from 127.0.0.1 (TRUSTED_PROXIES) with a secret made for this run
// (TRUSTED_PROXY_SECRET, never logged) and says who the client is and which host and scheme it
// used; another local program reaching a shop process directly is counted by its own address.
// Ctrl-C or SIGTERM stops nginx, then the shop processes (each finishing its requests), then
// Redis; scripts/services/with-db.mjs, which runs this, then stops the database. The parts run in process
// groups of their own, so only this script's handler stops them; nginx or Redis exiting on its own
// stops the cluster (exit code 1), a shop process exiting is logged (nginx routes around it).
//   npm run cluster [-- --processes N] [--port P] [--dir D]
//   (N: the machine's cores; P: $PORT or 3000; D: nginx's files, .data/cluster)
// Also used by scripts/performance/load/run.mjs to measure one process against several.
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { startNext } from "./next-server.mjs";
import { assertPortFree, startNginx } from "./nginx.mjs";
import { repoRoot } from "./paths.mjs";
import { ensureBuild } from "./production-build.mjs";
import { startRedis } from "./redis.mjs";
import { freePort } from "./server-process.mjs";

/** How a part ended, for the log. */
const howItEnded = ({ code, signal }) => (signal ? `signal ${signal}` : `exit code ${code}`);

/** The library's reaction to a part that exits unexpectedly: a line in the log. */
export function logPartExit(part) {
  const after = part.critical ? "the cluster cannot serve without it" : "nginx sends its visitors to the other processes";
  console.error(`[cluster] ${part.name} exited unexpectedly (${howItEnded(part)}): ${after}`);
}

/** Calls `onExit` for each part that exits while the cluster is not being stopped. */
function watch(parts, stopping, onExit, stop) {
  for (const part of parts) {
    void part.exit.then((how) => {
      if (!stopping()) onExit({ name: part.name, critical: part.critical, pid: part.pid, ...how }, stop);
    });
  }
}

/** Redis for the cluster: the one named by env.REDIS_URL or $REDIS_URL, or a private one pushed to `parts`. */
async function sharedRedis({ env, parts, quiet, detached }) {
  const given = env.REDIS_URL ?? process.env.REDIS_URL;
  if (given) return given;
  const redis = await startRedis({ detached });
  parts.push({ name: `Redis (pid ${redis.pid})`, critical: true, pid: redis.pid, exit: redis.exit, stop: redis.stop });
  if (!quiet) console.log(`[cluster] Redis at ${redis.url} (pid ${redis.pid})`);
  return redis.url;
}

/** Starts every shop process; all that started are pushed to `parts` even if one failed (then its error is thrown). */
async function startShops({ ports, env, parts, quiet, detached }) {
  const log = (p) => (quiet ? undefined : (line) => console.log(`[shop :${p}] ${line}`));
  const results = await Promise.allSettled(ports.map((p) => startNext({ port: p, env, log: log(p), detached })));
  const shops = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  for (const shop of shops) parts.push({ name: `shop process at ${shop.baseUrl} (pid ${shop.pid})`, critical: false, pid: shop.pid, exit: shop.exit, stop: shop.stop });
  const failed = results.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
  return shops;
}

/**
 * Starts Redis (unless env.REDIS_URL names one), `processes` shop processes on free local ports and
 * nginx on `port` in front of them. `env` reaches every shop process. Resolves once nginx answers
 * and every process does; `stop()` stops them all, the front first. If any part fails to start,
 * every part started is stopped before the error is thrown.
 * `detached`: every part in a process group of its own, so a Ctrl-C at the terminal reaches only the
 * caller, who must stop the cluster (the CLI below). `onExit(part, stop)`: a part exited while the
 * cluster was not being stopped (default: a line in the log).
 */
export async function startCluster({ processes, port, env = {}, dir = path.join(repoRoot, ".data", "cluster"), quiet = true, detached = false, onExit = logPartExit }) {
  const parts = [];
  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      for (const part of [...parts].reverse()) await part.stop().catch((e) => console.error(`[cluster] stopping ${part.name}: ${e.message}`));
    })();
    return stopping;
  };
  // Before anything starts: a taken port is refused at once (startNginx checks again, just before binding).
  await assertPortFree(port);
  try {
    const redisUrl = await sharedRedis({ env, parts, quiet, detached });
    const publicUrl = env.NEXTAUTH_URL ?? `http://localhost:${port}`;
    const proxySecret = randomBytes(32).toString("base64url");
    const shared = { TRUSTED_PROXIES: "127.0.0.1", ...env, TRUSTED_PROXY_SECRET: proxySecret, REDIS_URL: redisUrl, NEXTAUTH_URL: publicUrl };
    const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
    const shops = await startShops({ ports, env: shared, parts, quiet, detached });
    const workers = Math.min(processes, os.availableParallelism());
    const nginx = await startNginx({ dir, port, upstreams: ports.map((p) => `127.0.0.1:${p}`), workers, detached, proxySecret });
    parts.push({ name: `nginx (pid ${nginx.pid})`, critical: true, pid: nginx.pid, exit: nginx.exit, stop: nginx.stop });
    watch(parts, () => stopping !== null, onExit, stop);
    if (!quiet) console.log(`[cluster] ${processes} shop process(es) on ports ${ports.join(", ")} (pids ${shops.map((s) => s.pid).join(", ")}) behind nginx (pid ${nginx.pid}) at ${publicUrl}`);
    return { baseUrl: `http://127.0.0.1:${port}`, publicUrl, shops, redisUrl, nginxPid: nginx.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The CLI's options: --processes N, --port P, --dir D (nginx's files; default .data/cluster). */
function cliOptions() {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const processes = Number(arg("--processes") ?? os.availableParallelism());
  const port = Number(arg("--port") ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(processes) || processes < 1 || !Number.isInteger(port) || port < 1) {
    console.error("usage: npm run cluster [-- --processes N] [--port P] [--dir D]");
    process.exit(2);
  }
  const dir = arg("--dir") ? path.resolve(arg("--dir")) : undefined;
  return { processes, port, dir };
}

/**
 * npm run cluster. The parts run in process groups of their own: a Ctrl-C at the terminal reaches
 * this process only (nginx would take SIGINT as a fast stop, dropping the requests it proxies, and
 * the shops would not finish theirs), and it stops them in order, gracefully. nginx or Redis
 * exiting on its own stops the cluster with exit code 1; a shop process exiting is logged.
 */
async function main() {
  const { processes, port, dir } = cliOptions();
  const dist = process.env.NEXT_DIST_DIR || ".next";
  ensureBuild(dist, "cluster");
  let stopCluster = null;
  let exitCode = null;
  const shutDown = async (code, why) => {
    if (exitCode !== null) return;
    exitCode = code;
    console.log(`[cluster] ${why}stopping: nginx, the shop processes, Redis`);
    // A signal during start-up: startCluster is still running; main stops the cluster once it returns.
    if (!stopCluster) return;
    await stopCluster();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutDown(0, ""));
  process.on("SIGTERM", () => void shutDown(0, ""));
  const onExit = (part, stop) => {
    logPartExit(part);
    stopCluster = stop;
    if (part.critical) void shutDown(1, `${part.name.split(" ")[0]} is gone: `);
  };
  const cluster = await startCluster({ processes, port, dir, env: { NEXT_DIST_DIR: dist }, quiet: false, detached: true, onExit });
  stopCluster = cluster.stop;
  if (exitCode !== null) {
    await cluster.stop();
    process.exit(exitCode);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Whatever fails, startCluster has stopped what it started; trackChild's exit hook covers the rest.
  main().catch((error) => {
    console.error(`[cluster] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
