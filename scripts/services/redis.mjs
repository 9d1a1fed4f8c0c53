// A private Redis server for the shared cache, the limits and the job queue (REDIS_URL): Debian's
// redis-server, started on a port of its own. In memory only unless given a data folder: the cache
// and the limits are rebuilt by use, but the job queue's jobs (mail taken off its cause's document)
// are the only copy, so the shop's own Redis (scripts/services/with-db.mjs) keeps an append-only
// file. Used by `npm run cluster`, with-db and the tests of several processes; on its own:
// `npm run redis -- [--port N]` prints its redis:// URL and runs until Ctrl-C.
import { mkdirSync } from "node:fs";
import net from "node:net";
import { ensureDebianPackage } from "./debian-package.mjs";
import { freePort, startServerProcess } from "./server-process.mjs";

export const REDIS_SERVER = process.env.REDIS_SERVER_BIN || "/usr/bin/redis-server";
/** The private Redis's memory cap (REDIS_MAX_MEMORY, in Redis's units). */
const REDIS_MAX_MEMORY = process.env.REDIS_MAX_MEMORY || "256mb";

/** Installs Debian's Redis when it is missing and we may (root); otherwise says how. */
export function ensureRedisInstalled() {
  ensureDebianPackage({ binary: REDIS_SERVER, pkg: "redis-server", what: "Redis", neededFor: "The shared cache", tag: "redis" });
}

/** Whether something answers PING with PONG on the port within the time. */
function pong(port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (d) => done(String(d).startsWith("+PONG")));
  });
}

/**
 * Starts redis-server on 127.0.0.1 (a free port unless given) and resolves once it answers.
 * `stop()` shuts it down cleanly; `kill()` ends it at once (the tests of a Redis that goes away).
 * `detached`: in a process group of its own, so a Ctrl-C at the terminal reaches only us (the
 * caller must then stop it).
 */
export async function startRedis({ port, quiet = true, detached = false, dataDir } = {}) {
  ensureRedisInstalled();
  const p = port ?? (await freePort());
  // No snapshots; an append-only file only in a data folder given (flushed every second), else
  // nothing written to the working folder.
  const keep = dataDir ? (mkdirSync(dataDir, { recursive: true }), ["--dir", dataDir, "--appendonly", "yes", "--appendfsync", "everysec"]) : ["--appendonly", "no"];
  // Kept on disk, it holds the job queue, whose keys must never be evicted (BullMQ's rule): a full
  // Redis then refuses writes, and the cache and limits go on without it while mail waits on its
  // documents. In memory only, it is bounded like Next's own memory cache, the least recently used
  // keys going first: a flood of made-up URLs pushes out cold entries, while the limit keys of an
  // active guesser stay hot.
  const policy = dataDir ? "noeviction" : "allkeys-lru";
  const args = ["--port", String(p), "--bind", "127.0.0.1", "--save", "", ...keep, "--protected-mode", "yes", "--loglevel", "warning", "--maxmemory", REDIS_MAX_MEMORY, "--maxmemory-policy", policy];
  const redis = await startServerProcess({
    name: "redis-server",
    command: REDIS_SERVER,
    args,
    spawnOptions: { stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"] },
    detached,
    answers: () => pong(p),
    pollMs: 50,
    timeoutMs: 15_000,
    hint: () => ` (port ${p} taken?)`,
  });
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    pid: redis.pid,
    exit: redis.exit,
    kill: () => redis.kill().then(({ code }) => code),
    stop: redis.stop,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--port");
  const redis = await startRedis({ port: at > 0 ? Number(process.argv[at + 1]) : undefined, quiet: false });
  console.log(redis.url);
  const stop = () => redis.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
