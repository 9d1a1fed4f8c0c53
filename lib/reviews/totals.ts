import "server-only";
import { connectDb, trusted } from "@/lib/db/connect";
import { withLock } from "@/lib/db/lock";
import { Review } from "@/models/Review";
import { ReviewTotals, type ReviewTotalsFields } from "@/models/ReviewTotals";

// The one document holding the review count and rating sum. Every review write changes it under
// the reviews lock (withReviewsLock), in step with the review itself: FerretDB's updates read and
// then write, so an unlocked $inc could lose a concurrent one.

const TOTALS_ID = "all";

/** Runs `work` as the only review write in progress, on every server process. */
export function withReviewsLock<T>(work: () => Promise<T>): Promise<T> {
  return withLock("reviews", "Reviews are busy just now; please try again in a moment.", work);
}

/** What one review adds to the totals: a rating of 0 means "no star chosen", counted but not rated. */
function totalsOf(rating: number): Omit<ReviewTotalsFields, "_id"> {
  return { count: 1, ratedCount: rating >= 1 ? 1 : 0, ratingSum: rating >= 1 ? rating : 0 };
}

/**
 * Counts every review afresh and stores the totals. Reads the whole collection: only for a database
 * that has none yet (made before the totals existed) and by reindexReviews. Call inside withReviewsLock.
 */
export async function recountReviewTotalsLocked(): Promise<ReviewTotalsFields> {
  // One accumulator per $group: FerretDB v1 answers 0 for every accumulator after the first.
  const [count, ratedCount, sums] = await Promise.all([
    Review.countDocuments(),
    Review.countDocuments({ rating: trusted({ $gte: 1 }) }),
    Review.aggregate<{ sum: number }>([{ $match: { rating: { $gte: 1 } } }, { $group: { _id: null, sum: { $sum: "$rating" } } }]),
  ]);
  const totals = { _id: TOTALS_ID, count, ratedCount, ratingSum: sums[0]?.sum ?? 0 };
  await ReviewTotals.replaceOne({ _id: TOTALS_ID }, totals, { upsert: true });
  return totals;
}

/** The stored totals, counted first if there are none yet. */
export async function readReviewTotals(): Promise<ReviewTotalsFields> {
  await connectDb();
  const stored = await ReviewTotals.findById(TOTALS_ID).lean<ReviewTotalsFields>();
  if (stored) return stored;
  return withReviewsLock(async () => (await ReviewTotals.findById(TOTALS_ID).lean<ReviewTotalsFields>()) ?? recountReviewTotalsLocked());
}

/**
 * Makes sure the totals exist before a review write changes them (so the recount never sees the
 * write and the change is not counted twice). Call inside withReviewsLock, before the write.
 */
export async function ensureReviewTotalsLocked(): Promise<void> {
  if (!(await ReviewTotals.exists({ _id: TOTALS_ID }))) await recountReviewTotalsLocked();
}

/** Adds `after` and takes away `before` (each a review's totalsOf, or none). Call inside withReviewsLock, after the write. */
export async function changeReviewTotalsLocked(before: number | null, after: number | null): Promise<void> {
  const zero = { count: 0, ratedCount: 0, ratingSum: 0 };
  const was = before === null ? zero : totalsOf(before);
  const is = after === null ? zero : totalsOf(after);
  await ReviewTotals.updateOne(
    { _id: TOTALS_ID },
    { $inc: { count: is.count - was.count, ratedCount: is.ratedCount - was.ratedCount, ratingSum: is.ratingSum - was.ratingSum } },
  );
}
