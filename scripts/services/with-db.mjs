#!/usr/bin/env node
// Runs a command with the services the shop needs, each an embedded one unless configured, started
// first and stopped cleanly when the command ends: the database (MONGODB_URI, else FerretDB), Redis
// for the job queue (REDIS_URL or JOBS_REDIS_URL, else a private redis-server for the queue) and the mail
// server (SMTP_URL, else Mailpit, whose web page shows every mail sent).
//   node scripts/services/with-db.mjs [--seed] [--fresh] [--port N] [--data DIR]
//        [--redis-port N] [--smtp-port N] [--mail-port N] -- <command> [args…]
// Defaults: database port $FERRETDB_PORT or 27027, data folder $FERRETDB_DATA or .data/ferretdb;
// Redis port $REDIS_PORT or a free one, kept in .data/redis; Mailpit's SMTP port $MAILPIT_SMTP_PORT
// or 1025 and web port $MAILPIT_HTTP_PORT or 8025, kept in $MAILPIT_DATA or .data/mailpit. With
// --data DIR, Redis and Mailpit keep theirs beside it (DIR-redis, DIR-mailpit), --fresh included,
// and Mailpit takes free ports unless given.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startFerretDB } from "./ferretdb.mjs";
import { startMailpit } from "./mailpit.mjs";
import { repoRoot } from "./paths.mjs";
import { startRedis } from "./redis.mjs";

const argv = process.argv.slice(2);
const sep = argv.indexOf("--");
if (sep < 0 || sep === argv.length - 1) {
  console.error("usage: node scripts/services/with-db.mjs [--seed] [--fresh] [--port N] [--data DIR] [--redis-port N] [--smtp-port N] [--mail-port N] -- <command> [args…]");
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

/** A folder of a service's own: beside the database's when --data is given. */
function serviceDir(name, configured) {
  const dataDir = opt("--data");
  const dir = dataDir ? `${dataDir}-${name}` : (configured ?? path.join(".data", name));
  const resolved = path.resolve(repoRoot, dir);
  if (opts.includes("--fresh")) rmSync(resolved, { recursive: true, force: true });
  return resolved;
}

const portOf = (flag, variable) => {
  const value = opt(flag) ?? env[variable];
  return value ? Number(value) : undefined;
};

let db;
let redis;
let mail;
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
  if (!env.REDIS_URL && !env.JOBS_REDIS_URL) {
    // Not detached (neither is Mailpit): a harness that ends with-db's process group at once
    // (Playwright's web server) must end them too, or they keep its output pipe open.
    redis = await startRedis({ port: portOf("--redis-port", "REDIS_PORT"), dataDir: serviceDir("redis") });
    // For the job queue only: one process keeps its page cache in memory and its limits in the
    // database, as without Redis; several processes share REDIS_URL for everything (npm run cluster).
    env.JOBS_REDIS_URL = redis.url;
    console.log(`[redis] private Redis at ${redis.url} (the job queue)`);
  }
  if (!env.SMTP_URL) {
    mail = await startMailpit({
      // A harness with a database folder of its own (load, fuzz) takes free ports unless told: it must
      // not collide with a shop running beside it.
      smtpPort: portOf("--smtp-port", "MAILPIT_SMTP_PORT") ?? (opt("--data") ? undefined : 1025),
      httpPort: portOf("--mail-port", "MAILPIT_HTTP_PORT") ?? (opt("--data") ? undefined : 8025),
      dataDir: serviceDir("mailpit", env.MAILPIT_DATA),
    });
    env.SMTP_URL = mail.smtpUrl;
    console.log(`[mail] embedded Mailpit: every mail the shop sends is read at ${mail.webUrl}`);
  }
  code = 0;
  if (opts.includes("--seed")) code = await runChild("tsx", ["--conditions=react-server", path.join(repoRoot, "scripts", "data", "seed.ts")]);
  if (code === 0) code = await runChild(cmd, args);
} catch (e) {
  console.error(`[db] ${e instanceof Error ? e.message : e}`);
  code = 1;
} finally {
  await Promise.all([mail?.stop(), redis?.stop()]);
  await db?.stop();
}
process.exit(code);
