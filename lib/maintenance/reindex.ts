import "server-only";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { reindexFitment } from "@/lib/fitment/reindex";
import { reindexOrders } from "@/lib/orders/reindex";
import { reindexReviews } from "@/lib/reviews/reindex";
import { reindexUsers } from "@/lib/users/reindex";

// What the shop derives from its documents (ordered lists, search terms, counters), rebuilt from
// the documents themselves: after a restore or an import made straight into the database, the
// data shows and is found as if it had been added through the shop.
// The catalogue goes first: fitment's lists hold the parts' search entries.
const REINDEXERS: (() => Promise<string>)[] = [reindexCatalogue, reindexFitment, reindexOrders, reindexReviews, reindexUsers];

/** Rebuilds every domain in turn; one line per domain saying what it did. */
export async function reindexAll(log: (line: string) => void = () => undefined): Promise<string[]> {
  const lines: string[] = [];
  for (const reindex of REINDEXERS) {
    const line = await reindex();
    log(line);
    lines.push(line);
  }
  return lines;
}
