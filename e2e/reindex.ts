// Rebuilds the e2e database's lists and totals after e2e/support.ts wrote documents straight into
// it, as `npm run reindex` does after an operator's import. Run with tsx --conditions=react-server,
// like every script that imports lib/.
import { disconnectDb } from "@/lib/storage/connect";
import { reindexAll } from "@/lib/maintenance/reindex";

try {
  await reindexAll();
} finally {
  await disconnectDb();
}
