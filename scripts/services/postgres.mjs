// A private PostgreSQL cluster for FerretDB: created in <data>/pg on first use, listening on
// 127.0.0.1 only (a free port per start, no unix socket), trust auth on loopback, run as the
// `postgres` system user when we are root (PostgreSQL refuses to run as root). Its own pg_ctl starts
// it, waits until it accepts connections and stops it, rather than server-process.mjs: it forks the
// server and returns, and a guard must stop it even if this process is killed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureDebianPackage } from "./debian-package.mjs";
import { repoRoot } from "./paths.mjs";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const SYSTEM_USER = "postgres";
const asRoot = process.getuid?.() === 0;
// A FerretDB update keeps its read's connection open while it writes through a second one, so as
// many concurrent updates as the pool has connections deadlock it (measured: 50 clients hang with
// FerretDB's default of 50). Twice that leaves room above the shop's own pool of 20.
const POOL_MAX_CONNS = 100;

const EQUALITY_INDEXES_SQL = readFileSync(path.join(repoRoot, "lib", "storage", "postgres-equality-indexes.sql"), "utf8");

/** argv that runs a PostgreSQL tool as the system user when we are root. */
function pgCommand(tool, args) {
  const bin = path.join(PG_BIN, tool);
  return asRoot ? ["runuser", ["-u", SYSTEM_USER, "--", bin, ...args]] : [bin, args];
}

function runPg(tool, args) {
  const [cmd, argv] = pgCommand(tool, args);
  return new Promise((resolve) => {
    // Its own session: a Ctrl-C in the terminal must reach FerretDB's launcher, not the database,
    // which the launcher stops after FerretDB.
    const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "pipe"], detached: true, cwd: "/" });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (e) => resolve({ ok: false, output: String(e) }));
    child.on("exit", (code) => resolve({ ok: code === 0, output }));
  });
}

/** Installs Debian's PostgreSQL when it is missing and we may (root); otherwise says how. */
export function ensurePostgresInstalled() {
  ensureDebianPackage({
    binary: path.join(PG_BIN, "postgres"), pkg: "postgresql", what: "PostgreSQL 15", neededFor: "The embedded database", tag: "db", otherwise: "or set MONGODB_URI, or PG_BIN",
  });
}

/** Creates the cluster folder, owned by the system user when we are root. */
function prepareClusterDir(dataDir, pgDir) {
  // A folder left half-made by an interrupted initdb is started again from scratch.
  if (existsSync(pgDir) && !existsSync(path.join(pgDir, "PG_VERSION"))) rmSync(pgDir, { recursive: true, force: true });
  if (existsSync(pgDir)) return false;
  mkdirSync(pgDir, { mode: 0o700 });
  if (asRoot) {
    const reach = spawnSync("runuser", ["-u", SYSTEM_USER, "--", "test", "-x", dataDir]);
    if (reach.status !== 0) {
      rmSync(pgDir, { recursive: true, force: true });
      throw new Error(`PostgreSQL runs as the system user "${SYSTEM_USER}", which cannot reach ${dataDir}: give every parent folder search permission (chmod o+x) or use another data folder.`);
    }
    spawnSync("chown", [`${SYSTEM_USER}:`, pgDir]);
  }
  return true;
}

/** Settings for a 2-core machine; a throw-away cluster (tests) also skips flushing to disk. */
function serverOptions(port, throwaway) {
  const settings = [
    "listen_addresses=127.0.0.1",
    `port=${port}`,
    "unix_socket_directories=",
    // Room for FerretDB's pool (POOL_MAX_CONNS) and a few spare.
    `max_connections=${POOL_MAX_CONNS + 10}`,
    "shared_buffers=128MB",
    "max_parallel_workers_per_gather=0",
    ...(throwaway ? ["fsync=off", "synchronous_commit=off", "full_page_writes=off"] : []),
  ];
  return settings.map((s) => `-c ${s}`).join(" ");
}

/**
 * A guard in its own session whose stdin is a pipe from this process: when the pipe closes
 * (stop(), a normal exit, or this process killed even by SIGKILL) it stops the FerretDB pid it was
 * told about, then the cluster with `pg_ctl stop -m fast`. So no server outlives its launcher.
 */
function startGuard(pgDir) {
  const script = `trap '' INT TERM HUP
pid=
while read -r line; do pid=$line; done
if [ -n "$pid" ]; then
  kill -TERM "$pid" 2>/dev/null
  i=0; while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
  kill -KILL "$pid" 2>/dev/null
fi
exec "$@"`;
  const [cmd, argv] = pgCommand("pg_ctl", ["stop", "-D", pgDir, "-m", "fast", "-w", "-t", "60"]);
  const guard = spawn("sh", ["-c", script, "guard", cmd, ...argv], { stdio: ["pipe", "ignore", "ignore"], detached: true, cwd: "/" });
  const exited = new Promise((resolve) => guard.once("exit", resolve));
  // The guard must not keep this process alive; stop() holds it while it waits.
  guard.unref();
  guard.stdin.unref();
  return {
    watch(pid) {
      guard.stdin.write(`${pid}\n`);
    },
    async stop() {
      guard.ref();
      guard.stdin.end();
      await exited;
    },
  };
}

/**
 * Starts the cluster in <dataDir>/pg (creating it on first use) on the given port.
 * Resolves with its postgres:// URL, watch(pid) to have a server stopped with it, and stop().
 */
export async function startPostgres({ dataDir, port, throwaway = false }) {
  ensurePostgresInstalled();
  const pgDir = path.join(dataDir, "pg");
  if (existsSync(path.join(pgDir, "postmaster.pid")) && (await runPg("pg_ctl", ["status", "-D", pgDir])).ok) {
    throw new Error(`PostgreSQL is already running on ${pgDir} (another shop or \`npm run db\` on the same data?). Stop that first.`);
  }
  if (prepareClusterDir(dataDir, pgDir)) {
    // C locale and UTF-8: the encoding and collation FerretDB checks for on connect.
    const init = await runPg("initdb", ["-D", pgDir, "-U", SYSTEM_USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-instructions", ...(throwaway ? ["--no-sync"] : [])]);
    if (!init.ok) throw new Error(`initdb failed in ${pgDir}:\n${init.output}`);
  }
  const guard = startGuard(pgDir);
  const log = path.join(pgDir, "server.log");
  const start = await runPg("pg_ctl", ["start", "-D", pgDir, "-l", log, "-w", "-t", "60", "-o", serverOptions(port, throwaway)]);
  if (!start.ok) {
    await guard.stop();
    throw new Error(`PostgreSQL did not start (see ${log}):\n${start.output}`);
  }
  const twins = await runPg("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", SYSTEM_USER, "-d", "postgres", "-q", "-v", "ON_ERROR_STOP=1", "-c", EQUALITY_INDEXES_SQL]);
  if (!twins.ok) {
    await guard.stop();
    throw new Error(`Could not install the equality indexes (lib/storage/postgres-equality-indexes.sql):\n${twins.output}`);
  }
  return { url: `postgres://${SYSTEM_USER}@127.0.0.1:${port}/postgres?pool_max_conns=${POOL_MAX_CONNS}`, pgDir, watch: guard.watch, stop: guard.stop };
}
