import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { rebuildList } from "@/lib/storage/ordered-index";
import { REVIEW_LIST, reviewKey } from "@/lib/reviews/list";
import { recountReviewTotalsLocked, withReviewsLock } from "@/lib/reviews/totals";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";
import { Review } from "@/models/Review";

/**
 * Rebuilds the review list and totals from the reviews themselves, for reviews written past the
 * shop (a restore, a bulk insert) and after the seed. Reads every review: a script's job, never a
 * request's. Under the reviews lock, so no review write lands between the read and the rebuild.
 */
export async function reindexReviews(): Promise<string> {
  await connectDb();
  return withReviewsLock(async () => {
    const keys: IndexKey[] = [];
    for await (const review of Review.find({}, { createdAt: 1 }).lean().cursor()) keys.push(reviewKey(review));
    await rebuildList(REVIEW_LIST, keys);
    const { count, ratedCount } = await recountReviewTotalsLocked();
    return `reviews: ${keys.length} listed, ${count} counted (${ratedCount} with stars)`;
  });
}
