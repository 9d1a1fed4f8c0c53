// The cached-pages phase of npm run load: only public pages every visitor gets from the cache (home,
// catalogue, part pages, the JSON lists), so the database is not involved and the figure is what
// the shop's processes (and the proxy in front) can serve. The load comes from wrk (Debian, in C):
// the generator shares the machine's cores with the shop, and wrk takes about 0.05 of a core where
// autocannon, in Node, took 0.15, which the shop's processes then lacked.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { ensureDebianPackage } from "../../services/debian-package.mjs";

const WRK = process.env.WRK_BIN || "/usr/bin/wrk";
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "cached-pages.lua");
/** A request unanswered this long counts as a timeout. */
const TIMEOUT = "10s";

export function ensureWrkInstalled() {
  ensureDebianPackage({ binary: WRK, pkg: "wrk", what: "wrk", neededFor: "npm run load", tag: "load" });
}

/** The public pages of the phase: home, the catalogue, the JSON lists and the first 8 parts' pages. */
export function cachedPagePaths(partIds) {
  return ["/", "/parts", "/carparts", "/reviews", ...partIds.slice(0, 8).flatMap((id) => [`/parts/${id}`, `/carparts/${id}`])];
}

/**
 * `seconds` of `connections` connections cycling over `paths`: requests/s, p50/p99 (ms), 4xx and
 * 5xx replies, network errors and timeouts. Each page is fetched once first, so the figure
 * is of serving from the cache, not of first renders.
 */
export async function cachedPagesLoad(base, paths, { connections, seconds }) {
  for (const page of paths) await (await fetch(`${base}${page}`)).arrayBuffer();
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", TIMEOUT, "-s", SCRIPT, base, "--", ...paths];
  const { stdout } = await promisify(execFile)(WRK, args);
  const line = stdout.split("\n").find((l) => l.startsWith("SUMMARY "));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const s = JSON.parse(line.slice("SUMMARY ".length));
  return {
    rps: Math.round((s.requests / s.durationUs) * 1e6),
    requests: s.requests,
    p50: Math.round(s.p50Us / 1000),
    p99: Math.round(s.p99Us / 1000),
    non2xx: s.non2xx,
    errors: s.connect + s.read + s.write,
    timeouts: s.timeouts,
  };
}
