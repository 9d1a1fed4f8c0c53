// A Go program the embedded default runs (FerretDB, Mailpit), built once from the Go module proxy
// into the git-ignored .cache/bin and reused after.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./paths.mjs";

export const binDir = path.join(repoRoot, ".cache", "bin");

/** A build abandoned this long ago (its process killed) no longer holds the lock. */
const STALE_LOCK_MS = 15 * 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The binary at `binary`, built first by `build` when missing (which must leave it there whole,
 * never half-written). Without Go, throws `missingGo()`. Two processes starting at once (tests and
 * the shop) build it once: the second waits on the first's lock folder.
 */
export async function ensureGoBinary({ binary, missingGo, build }) {
  if (existsSync(binary)) return binary;
  if (spawnSync("go", ["version"]).status !== 0) throw missingGo();
  mkdirSync(binDir, { recursive: true });
  const lock = path.join(binDir, `.building-${path.basename(binary)}`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(binary)) return binary;
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(1000);
    }
  }
  try {
    if (!existsSync(binary)) await build();
    return binary;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
