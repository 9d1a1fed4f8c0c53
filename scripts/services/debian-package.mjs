// The one way the scripts install a program from Debian (PostgreSQL, nginx, redis-server, wrk):
// apt-get on first use when we may (root), otherwise the error says the command to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Installs Debian's `pkg` when `binary` is missing. `tag` prefixes the log line; `neededFor` starts
 * the error's "<neededFor> needs <what>" ("The cluster needs nginx"); `otherwise` ends it with what
 * else would do ("or set MONGODB_URI").
 */
export function ensureDebianPackage({ binary, pkg, what, neededFor, tag, otherwise }) {
  if (existsSync(binary)) return;
  const how = `apt-get update && apt-get install -y ${pkg}`;
  if (process.getuid?.() !== 0) throw new Error(`${neededFor} needs ${what} (${binary}): install it with \`sudo ${how}\`${otherwise ? ` (${otherwise})` : ""}.`);
  console.log(`[${tag}] Installing ${what} (${how}); this happens once…`);
  const r = spawnSync("sh", ["-c", how], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (r.status !== 0 || !existsSync(binary)) throw new Error(`Could not install ${what} with \`${how}\`.`);
}
