#!/usr/bin/env node
// The embedded mail server: Mailpit, a mail catcher that accepts every mail over SMTP, delivers it
// nowhere and shows it in a web page and an HTTP API. Used whenever SMTP_URL is unset, by the shop
// (scripts/services/with-db.mjs) and by the tests, which read what was delivered through its API.
//   node scripts/services/mailpit.mjs [--smtp-port 1025] [--http-port 8025] [--data .data/mailpit]
// runs it in the foreground until Ctrl-C; other scripts import startMailpit().
import { spawnSync } from "node:child_process";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { repoRoot } from "./paths.mjs";
import { freePort, startServerProcess } from "./server-process.mjs";
import { binDir, ensureGoBinary } from "./go-binary.mjs";

export const MAILPIT_VERSION = "v1.33.1";
const MODULE = "github.com/axllent/mailpit";
export const mailpitBinary = path.join(binDir, "mailpit");

export class EmbeddedMailError extends Error {}

/** Builds the Mailpit binary into .cache/bin on first use (go install of the pinned version). */
export function ensureMailpitBinary() {
  return ensureGoBinary({
    binary: mailpitBinary,
    missingGo: () => new EmbeddedMailError("The embedded mail server needs Go to build Mailpit once: install Go (https://go.dev/dl/) or set SMTP_URL to a mail server."),
    build: () => {
      const started = Date.now();
      console.log(`[mail] Building the embedded mail server (Mailpit ${MAILPIT_VERSION}) with go install; this happens once…`);
      // Installed into a folder of its own, then moved: a build cut short never leaves a half binary.
      const gobin = path.join(binDir, ".mailpit-build");
      rmSync(gobin, { recursive: true, force: true });
      const env = { ...process.env, GOBIN: gobin, GOFLAGS: "-buildvcs=false" };
      // The build is long and the machine shared: it yields to everything else.
      const r = spawnSync("nice", ["-n", "19", "go", "install", "-trimpath", `${MODULE}@${MAILPIT_VERSION}`], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      if (r.status !== 0) throw new EmbeddedMailError(`Could not build Mailpit ${MAILPIT_VERSION}:\n${r.stderr ?? ""}${r.error ?? ""}`);
      renameSync(path.join(gobin, "mailpit"), mailpitBinary);
      rmSync(gobin, { recursive: true, force: true });
      console.log(`[mail] Built Mailpit ${MAILPIT_VERSION} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    },
  });
}

async function ready(httpPort) {
  try {
    const res = await fetch(`http://127.0.0.1:${httpPort}/readyz`, { signal: AbortSignal.timeout(500) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts Mailpit on 127.0.0.1 (SMTP and HTTP ports free ones unless given), its mail kept in
 * <dataDir>/mailpit.db. Resolves once it answers, with the SMTP URL to send to, the web page where
 * mail is read, and stop().
 */
export async function startMailpit({ smtpPort, httpPort, dataDir, fresh = false, quiet = true } = {}) {
  const bin = await ensureMailpitBinary();
  const dir = path.resolve(repoRoot, dataDir ?? ".data/mailpit");
  if (fresh) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const smtp = smtpPort ?? (await freePort());
  const http = httpPort ?? (await freePort());
  const args = [
    "--smtp", `127.0.0.1:${smtp}`,
    "--listen", `127.0.0.1:${http}`,
    "--database", path.join(dir, "mailpit.db"),
    "--disable-version-check",
    // No TLS, no password: it listens on 127.0.0.1 only.
    "--smtp-auth-accept-any",
    "--smtp-auth-allow-insecure",
    ...(quiet ? ["--quiet"] : []),
  ];
  let mailpit;
  try {
    mailpit = await startServerProcess({
      name: "Mailpit",
      command: bin,
      args,
      spawnOptions: { stdio: ["ignore", "inherit", "inherit"] },
      answers: () => ready(http),
      pollMs: 100,
      timeoutMs: 20_000,
      graceMs: 5000,
      hint: () => ` (are ports ${smtp} and ${http} free?)`,
    });
  } catch (e) {
    throw new EmbeddedMailError(e.message);
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    webUrl: `http://127.0.0.1:${http}`,
    smtpPort: smtp,
    httpPort: http,
    dataDir: dir,
    pid: mailpit.pid,
    stop: mailpit.stop,
    kill: () => mailpit.kill().then(({ code }) => code),
    exited: mailpit.exit,
  };
}

function argValue(argv, name) {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2);
  try {
    const mail = await startMailpit({
      smtpPort: Number(argValue(argv, "--smtp-port") ?? process.env.MAILPIT_SMTP_PORT ?? 1025),
      httpPort: Number(argValue(argv, "--http-port") ?? process.env.MAILPIT_HTTP_PORT ?? 8025),
      dataDir: argValue(argv, "--data") ?? process.env.MAILPIT_DATA,
      quiet: false,
    });
    console.log(`[mail] Mailpit ${MAILPIT_VERSION}: SMTP at ${mail.smtpUrl}, mail read at ${mail.webUrl}; Ctrl-C stops it.`);
    const shutdown = () => mail.stop().then(() => process.exit(0));
    process.on("SIGINT", shutdown);
    process.on("SIGTERM", shutdown);
  } catch (e) {
    console.error(`[mail] ${e.message}`);
    process.exit(1);
  }
}
