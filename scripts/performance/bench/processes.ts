// BENCH_ONLY=processes npm run bench: the cached pages served by one process against two behind
// nginx with Redis (npm run cluster's shape), on the bench's data set and build. The other groups pin
// the shop to one core and the load to the other; two processes need both cores, so this group runs
// npm run load's cached-pages phase (scripts/performance/load/run.mjs: wrk, warmed, alternating rounds, the
// median) unpinned, and keeps its figures.
//   BENCH_PROCESSES_SHAPES (default "1,2+nginx"; see LOAD_SHAPES), and the load's LOAD_PAGES_* settings.
// Results: the load's table on stdout and JSON in .bench/: processes-latest.json.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { disconnectDb } from "@/lib/storage/connect";
import { BENCH_SIZES, generateBenchData } from "./data";
import type { ServerProcess } from "../../services/server-process.mjs";
import { BENCH_SITE_URL, benchDir, distDir, log, onAllCores, root, startDatabase, stopAll } from "./shared";

const SHAPES = process.env.BENCH_PROCESSES_SHAPES ?? "1,2+nginx";

export async function runProcesses(): Promise<void> {
  let db: ServerProcess | undefined;
  try {
    log(`processes: a fresh database with ${BENCH_SIZES.parts} parts, then cached pages on ${SHAPES}…`);
    const database = await startDatabase(".data/bench-processes");
    db = database.server;
    await generateBenchData();
    await disconnectDb();
    const resultFile = path.join(benchDir, "processes-latest.json");
    const [cmd, args] = onAllCores(process.execPath, [path.join(root, "scripts", "performance", "load", "run.mjs")]);
    const run = spawnSync(cmd, args, {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        MONGODB_URI: database.uri,
        NEXT_DIST_DIR: distDir,
        NEXTAUTH_SECRET: "bench-only-secret-0123456789abcdef",
        SITE_URL: BENCH_SITE_URL,
        LOAD_PAGES_ONLY: "1",
        LOAD_SHAPES: SHAPES,
        LOAD_RESULT_FILE: resultFile,
      },
    });
    if (run.status !== 0) throw new Error(`processes: the load exited with ${run.status ?? run.signal}`);
    const { rows } = JSON.parse(readFileSync(resultFile, "utf8")) as { rows: { shape: string; pages: { rps: number } }[] };
    const first = rows[0];
    for (const row of rows.slice(1)) log(`processes: ${row.shape} serves ${(row.pages.rps / (first?.pages.rps ?? 1)).toFixed(2)}x the cached pages of ${first?.shape} (target 1.6x for 2+nginx against 1); ${resultFile}`);
  } finally {
    await stopAll(undefined, [], db);
  }
}
