// Whether the production build in a folder is newer than the source it was made from: the one check
// the tests (which refuse a stale build), the bench, the load, the fuzz and the cluster make.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { nextBin, repoRoot } from "./paths.mjs";

/** What a build is made from. Folders are walked, so a new file not yet in git counts too. */
const BUILD_SOURCES = ["app", "components", "lib", "models", "types", "public", "proxy.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

/** The newest modification time among the files a build is made from. */
function newestSourceTime() {
  let newest = 0;
  const visit = (entry) => {
    const full = path.join(repoRoot, entry);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (stat.isDirectory()) for (const child of readdirSync(full)) visit(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of BUILD_SOURCES) visit(entry);
  return newest;
}

/** "fresh", "stale" (older than the source) or "missing", for the build in `dist` (relative to the repository). */
export function buildState(dist) {
  const buildId = path.join(repoRoot, dist, "BUILD_ID");
  if (!existsSync(buildId)) return "missing";
  return statSync(buildId).mtimeMs >= newestSourceTime() ? "fresh" : "stale";
}

/**
 * Makes sure the production build in `dist` exists and is fresh, else builds it there as
 * `npm run build` does (no database); says which, under the log tag `who`.
 */
export function ensureBuild(dist, who) {
  const state = buildState(dist);
  if (state === "fresh") {
    console.log(`[${who}] using the production build in ${dist}/`);
    return;
  }
  const why = state === "stale" ? `the build in ${dist}/ is older than the source` : `no production build in ${dist}/`;
  console.log(`[${who}] ${why}: building it first (next build)`);
  const env = { ...process.env, NEXT_DIST_DIR: dist };
  delete env.MONGODB_URI;
  delete env.REDIS_URL;
  const built = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", cwd: repoRoot, env });
  if (built.status !== 0) throw new Error(`next build failed (${built.status ?? built.signal})`);
}
