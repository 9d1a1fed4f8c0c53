#!/usr/bin/env node
// Runs a command with a database: MONGODB_URI when set, otherwise the embedded
// FerretDB, started first and stopped cleanly when the command ends.
//   node scripts/services/with-db.mjs [--seed] [--fresh] [--port N] [--data DIR] -- <command> [args…]
// Defaults: port $FERRETDB_PORT or 27027, data folder $FERRETDB_DATA or .data/ferretdb.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startFerretDB } from "./ferretdb.mjs";
import { repoRoot } from "./paths.mjs";

const argv = process.argv.slice(2);
const sep = argv.indexOf("--");
if (sep < 0 || sep === argv.length - 1) {
  console.error("usage: node scripts/services/with-db.mjs [--seed] [--fresh] [--port N] [--data DIR] -- <command> [args…]");
  process.exit(2);
}
const opts = argv.slice(0, sep);
const [cmd, ...args] = argv.slice(sep + 1);
const opt = (name) => {
  const i = opts.indexOf(name);
  return i >= 0 ? opts[i + 1] : undefined;
};

const env = { ...process.env, PATH: `${path.join(repoRoot, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` };

function runChild(c, a) {
  const child = spawn(c, a, { stdio: "inherit", env, cwd: process.cwd() });
  const forward = (sig) => child.kill(sig);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  return new Promise((resolve) => {
    child.on("error", (e) => {
      console.error(`[with-db] could not start ${c}: ${e.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      // A server stopped by Ctrl-C or SIGTERM has ended as asked.
      resolve(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1));
    });
  });
}

function localSecret() {
  const file = path.join(repoRoot, ".data", "nextauth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

let db;
let code = 1;
try {
  if (!env.MONGODB_URI) {
    db = await startFerretDB({
      port: Number(opt("--port") ?? env.FERRETDB_PORT ?? 27027),
      dataDir: opt("--data") ?? env.FERRETDB_DATA ?? ".data/ferretdb",
      fresh: opts.includes("--fresh"),
    });
    env.MONGODB_URI = db.uri;
    console.log(`[db] embedded FerretDB at ${db.uri} (data in ${path.relative(repoRoot, db.dataDir)})`);
    if (!env.NEXTAUTH_SECRET) {
      // A local run on the embedded database: use the secret generated once in .data/
      // (the same file development uses). A deployment (MONGODB_URI set) must configure its own.
      env.NEXTAUTH_SECRET = localSecret();
      console.log("[auth] NEXTAUTH_SECRET not set: using the local one in .data/nextauth-secret (embedded-database runs only)");
    }
    env.NEXTAUTH_URL ??= `http://localhost:${env.PORT ?? 3000}`;
  }
  code = 0;
  if (opts.includes("--seed")) code = await runChild("tsx", ["--conditions=react-server", path.join(repoRoot, "scripts", "data", "seed.ts")]);
  if (code === 0) code = await runChild(cmd, args);
} catch (e) {
  console.error(`[db] ${e instanceof Error ? e.message : e}`);
  code = 1;
} finally {
  await db?.stop();
}
process.exit(code);
