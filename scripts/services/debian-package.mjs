// The servers and tools the scripts take from Debian (nginx, redis-server, wrk): installed on first
// use when we may (root), otherwise the error says the command to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Installs Debian's `pkg` when `binary` is missing. `tag` prefixes the log line; `neededFor` finishes
 * the error's "... needs <what>" ("The cluster needs nginx").
 */
export function ensureDebianPackage({ binary, pkg, what, neededFor, tag }) {
  if (existsSync(binary)) return;
  const how = `apt-get update && apt-get install -y ${pkg}`;
  if (process.getuid?.() !== 0) throw new Error(`${neededFor} needs ${what} (${binary}): install it with \`sudo ${how}\`.`);
  console.log(`[${tag}] Installing ${what} (${how}); this happens once…`);
  const r = spawnSync("sh", ["-c", how], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (r.status !== 0 || !existsSync(binary)) throw new Error(`Could not install ${what} with \`${how}\`.`);
}
