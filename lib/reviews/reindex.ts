import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { rebuildReviewList } from "@/lib/reviews/list";
import { recountReviewTotalsLocked, withReviewsLock } from "@/lib/reviews/totals";
import { Review } from "@/models/Review";

/**
 * Rebuilds the review list and totals from the reviews themselves, for reviews written past the
 * shop (a restore, a bulk insert) and after the seed. Reads every review: a script's job, never a
 * request's. Under the reviews lock, so no review write lands between the read and the rebuild.
 */
export async function reindexReviews(): Promise<string> {
  await connectDb();
  return withReviewsLock(async () => {
    const listed = await rebuildReviewList(Review.find({}, { createdAt: 1 }).lean().cursor());
    const { count, ratedCount } = await recountReviewTotalsLocked();
    return `reviews: ${listed} listed, ${count} counted (${ratedCount} with stars)`;
  });
}
