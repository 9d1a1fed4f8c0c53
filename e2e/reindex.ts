// Rebuilds the review and account lists (and the review totals) of the e2e database after
// e2e/support.ts wrote reviews or accounts straight into it, as an operator's import would.
// Run with tsx --conditions=react-server, like every script that imports lib/.
import { disconnectDb } from "@/lib/db/connect";
import { reindexReviews } from "@/lib/reviews/reindex";
import { reindexUsers } from "@/lib/users/reindex";

try {
  console.log(await reindexReviews(), await reindexUsers());
} finally {
  await disconnectDb();
}
