import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { reviewPage } from "@/lib/reviews/list";
import { readReviewTotals } from "@/lib/reviews/totals";
import { type ReviewStats, type ReviewView, toReviewView } from "@/lib/reviews/views";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import { Review, type ReviewDoc } from "@/models/Review";

/** One page of reviews, newest first. */
export async function listReviews({ limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<ReviewView[]> {
  await connectDb();
  return (await reviewPage({ limit, skip })).map(toReviewView);
}

/** The author's review (one per account), or null: an equality read, no sort. */
export async function authorReview(email: string): Promise<ReviewDoc | null> {
  return Review.findOne({ email }).lean<ReviewDoc>();
}

/** The signed-in author's own review, for the form that edits it. */
export async function findReviewOf(email: string): Promise<ReviewView | null> {
  await connectDb();
  const review = await authorReview(email);
  return review ? toReviewView(review) : null;
}

/**
 * How many reviews the shop has and their mean rating, from the totals kept on every review write
 * (one read). A rating of 0 means "no star chosen" (the spec lets the form be sent like that), so it
 * is counted but left out of the mean.
 */
export async function reviewStats(): Promise<ReviewStats> {
  const { count, ratedCount, ratingSum } = await readReviewTotals();
  const average = ratedCount ? Math.round((ratingSum / ratedCount) * 10) / 10 : null;
  return { count, ratedCount, average };
}
