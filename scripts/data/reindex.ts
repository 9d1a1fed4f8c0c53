// npm run reindex: rebuilds the lists, search terms and counters the shop keeps, from the
// documents (lib/maintenance/reindex.ts). For data restored or imported straight into the database.
// Against MONGODB_URI, or the embedded database when the shop is not running on it.
import { disconnectDb } from "@/lib/storage/connect";
import { reindexAll } from "@/lib/maintenance/reindex";

try {
  await reindexAll((line) => console.log(`[reindex] ${line}`));
  console.log("[reindex] done. A running shop still serves its cached pages: expire them with POST /api/cache/expire (admin).");
} catch (error) {
  console.error(`[reindex] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
