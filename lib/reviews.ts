import { reviewsChanged } from "@/lib/cache";
import { connectDb, trusted } from "@/lib/db";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import type { NewReview } from "@/lib/validation/reviews";
import type { AccountView } from "@/lib/users";
import { Review, type ReviewDoc } from "@/models/Review";

/** A review as the public sees it (the author's email stays private). */
export type ReviewView = { _id: string; rating: number; description: string; name: string; image: string; createdAt: string };

export function toReviewView(review: ReviewDoc & { createdAt?: Date }): ReviewView {
  return {
    _id: review._id.toString(),
    rating: review.rating,
    description: review.description ?? "",
    name: review.name,
    image: review.image ?? "",
    createdAt: (review.createdAt ?? new Date(0)).toISOString(),
  };
}

/** One page of reviews, newest first. */
export async function listReviews({ limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<ReviewView[]> {
  await connectDb();
  const reviews = await Review.find().sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<ReviewDoc[]>();
  return reviews.map(toReviewView);
}

/** Stores a review under the author's own name and picture, whatever the form said. */
export async function addReview(input: NewReview, author: AccountView): Promise<ReviewView> {
  await connectDb();
  const review = await Review.create({
    rating: input.rating,
    description: input.description,
    name: author.name || author.email.split("@")[0] || "Customer",
    image: author.image,
    email: author.email,
  });
  reviewsChanged();
  return toReviewView(review.toObject());
}

export type ReviewStats = {
  /** Every review, including those sent without a star. */
  count: number;
  /** Reviews that carry a rating of 1 to 5 stars. */
  ratedCount: number;
  /** Mean of the rated reviews, rounded to one decimal; null when none is rated. */
  average: number | null;
};

/**
 * How many reviews the shop has and their mean rating. A rating of 0 means "no star chosen"
 * (the spec lets the form be sent like that), so it is counted but left out of the mean.
 */
export async function reviewStats(): Promise<ReviewStats> {
  await connectDb();
  const rated = { rating: trusted({ $gte: 1 }) };
  // One accumulator per $group: FerretDB v1 answers 0 for every accumulator after the first.
  const [count, ratedCount, sums] = await Promise.all([
    Review.countDocuments(),
    Review.countDocuments(rated),
    Review.aggregate<{ sum: number }>([{ $match: { rating: { $gte: 1 } } }, { $group: { _id: null, sum: { $sum: "$rating" } } }]),
  ]);
  const average = ratedCount ? Math.round(((sums[0]?.sum ?? 0) / ratedCount) * 10) / 10 : null;
  return { count, ratedCount, average };
}
