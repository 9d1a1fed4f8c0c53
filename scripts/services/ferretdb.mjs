#!/usr/bin/env node
// The embedded database: FerretDB v1 (MongoDB wire protocol) on a private PostgreSQL cluster
// (scripts/services/postgres.mjs); FERRETDB_BACKEND=sqlite keeps the SQLite handler for re-measuring.
// Used whenever MONGODB_URI is unset, by the shop and by the tests.
//   node scripts/services/ferretdb.mjs [--port 27027] [--data .data/ferretdb] [--fresh]
// runs it in the foreground until Ctrl-C; other scripts import startFerretDB().
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import mongoose from "mongoose";
import { repoRoot } from "./paths.mjs";
import { ensurePostgresInstalled, startPostgres } from "./postgres.mjs";
import { freePort, startServerProcess } from "./server-process.mjs";
import { binDir, ensureGoBinary } from "./go-binary.mjs";

export const FERRETDB_VERSION = "v1.24.2";
const MODULE = "github.com/FerretDB/FerretDB";
export const ferretBinary = path.join(binDir, "ferretdb");

export class EmbeddedDbError extends Error {}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", ...opts });
  return { ok: r.status === 0, stdout: r.stdout ?? "", stderr: (r.stderr ?? "") + (r.error ? String(r.error) : "") };
}

/** Builds the FerretDB binary into .cache/bin on first use. */
export function ensureFerretBinary() {
  return ensureGoBinary({
    binary: ferretBinary,
    missingGo: () => new EmbeddedDbError("The embedded database needs Go to build FerretDB once: install Go (https://go.dev/dl/) or set MONGODB_URI to a MongoDB server."),
    build: () => {
      const started = Date.now();
      console.log(`[db] Building the embedded database (FerretDB ${FERRETDB_VERSION}) with go build; this happens once…`);
      const env = { ...process.env, GOFLAGS: "-buildvcs=false" };
      // `go install ${MODULE}/cmd/ferretdb@${FERRETDB_VERSION}` cannot be used as is:
      // it asks the module proxy for FerretDB's version list (refused here), and the
      // binary it makes panics because FerretDB's release tooling, not the module,
      // writes build/version/version.txt. So: download the pinned, checksum-verified
      // module, copy it to a writable folder, write that file, and build the same command.
      const dl = run("go", ["mod", "download", "-json", `${MODULE}@${FERRETDB_VERSION}`], { env });
      const dir = dl.ok ? JSON.parse(dl.stdout).Dir : undefined;
      if (!dir) throw new EmbeddedDbError(`Could not download FerretDB ${FERRETDB_VERSION}:\n${dl.stderr}`);
      const src = path.join(repoRoot, ".cache", "ferretdb-src");
      rmSync(src, { recursive: true, force: true });
      cpSync(dir, src, { recursive: true });
      run("chmod", ["-R", "u+w", src]);
      writeFileSync(path.join(src, "build", "version", "version.txt"), `${FERRETDB_VERSION}\n`);
      const tmp = `${ferretBinary}.tmp`;
      const r = run("go", ["build", "-trimpath", "-o", tmp, "./cmd/ferretdb"], { env, cwd: src });
      if (!r.ok) throw new EmbeddedDbError(`Could not build FerretDB:\n${r.stderr}`);
      renameSync(tmp, ferretBinary);
      rmSync(src, { recursive: true, force: true });
      console.log(`[db] Built FerretDB ${FERRETDB_VERSION} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    },
  });
}

/** Why FerretDB at `uri` does not answer `ping`, or null when it does. */
async function pingRefusal(uri) {
  const client = new mongoose.mongo.MongoClient(uri, { serverSelectionTimeoutMS: 500, directConnection: true });
  try {
    await client.connect();
    await client.db("admin").command({ ping: 1 });
    return null;
  } catch (e) {
    return e.message;
  } finally {
    await client.close().catch(() => {});
  }
}

function backendName() {
  const backend = process.env.FERRETDB_BACKEND ?? "postgresql";
  if (backend !== "postgresql" && backend !== "sqlite") throw new EmbeddedDbError(`FERRETDB_BACKEND must be postgresql or sqlite, not "${backend}".`);
  return backend;
}

/** Everything the embedded database needs installed, done once up front (scripts/testing/test-all.sh). */
export async function ensureEmbeddedDb() {
  await ensureFerretBinary();
  if (backendName() === "postgresql") ensurePostgresInstalled();
}

/** Where FerretDB keeps the documents: flags for its handler, and the store to stop after it. */
async function startBackend(dir, fresh) {
  if (backendName() === "sqlite") return { args: ["--handler=sqlite", `--sqlite-url=file:${dir}/`], watch() {}, async stop() {} };
  // A fresh folder is thrown away by whoever asked for it (tests, load, bench): no need to flush to disk.
  const pg = await startPostgres({ dataDir: dir, port: await freePort(), throwaway: fresh });
  return { args: ["--handler=postgresql", `--postgresql-url=${pg.url}`], watch: pg.watch, stop: pg.stop };
}

/**
 * Starts FerretDB on 127.0.0.1:<port> with its data in <dataDir>.
 * Resolves once it answers `ping`, with its URI and a stop() that shuts it down cleanly.
 */
export async function startFerretDB({ port, dataDir, fresh = false, dbName = "autoparts", quiet = true } = {}) {
  const bin = await ensureFerretBinary();
  const dir = path.resolve(repoRoot, dataDir ?? ".data/ferretdb");
  if (fresh) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const p = port ?? (await freePort());
  const backend = await startBackend(dir, fresh);
  const args = [
    ...backend.args,
    `--listen-addr=127.0.0.1:${p}`,
    `--state-dir=${dir}`,
    "--debug-addr=-",
    "--telemetry=disable",
    // Quiet hides error level too (FerretDB parses slog levels; "dpanic" makes it exit): the
    // PostgreSQL handler logs every refused duplicate key (each stock-lock contention, an
    // expected answer) at error level.
    `--log-level=${quiet ? "ERROR+4" : "info"}`,
  ];
  const uri = `mongodb://127.0.0.1:${p}/${dbName}`;
  let lastRefusal = "no answer yet";
  let ferret;
  try {
    ferret = await startServerProcess({
      name: "FerretDB",
      command: bin,
      args,
      spawnOptions: { stdio: ["ignore", "inherit", "inherit"] },
      onSpawn: (child) => backend.watch(child.pid),
      answers: async () => {
        const refusal = await pingRefusal(uri);
        lastRefusal = refusal ?? lastRefusal;
        return refusal === null;
      },
      pollMs: 150,
      timeoutMs: 30_000,
      graceMs: 5000,
      hint: () => ` (is port ${p} in use? last ping: ${lastRefusal})`,
    });
  } catch (e) {
    await backend.stop();
    throw new EmbeddedDbError(e.message);
  }
  let stopping;
  const stop = () => (stopping ??= ferret.stop().then(() => backend.stop()));
  return { uri, port: p, dataDir: dir, pid: ferret.pid, stop, exited: ferret.exit };
}

function argValue(argv, name) {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2);
  try {
    const db = await startFerretDB({
      port: Number(argValue(argv, "--port") ?? process.env.FERRETDB_PORT ?? 27027),
      dataDir: argValue(argv, "--data") ?? process.env.FERRETDB_DATA,
      fresh: argv.includes("--fresh"),
      quiet: argv.includes("--quiet"),
    });
    console.log(`[db] FerretDB ${FERRETDB_VERSION} ready at ${db.uri} (data in ${db.dataDir}); Ctrl-C stops it.`);
    let stopping = false;
    const shutdown = () => {
      stopping = true;
      return db.stop().then(() => process.exit(0));
    };
    process.on("SIGINT", shutdown);
    process.on("SIGTERM", shutdown);
    // FerretDB ending on its own is a failure; ending because we stopped it must wait for the cluster.
    db.exited.then(({ code }) => stopping || db.stop().then(() => process.exit(code || 1)));
  } catch (e) {
    console.error(`[db] ${e.message}`);
    process.exit(1);
  }
}
