import type { ReviewDoc } from "@/models/Review";

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

export type ReviewStats = {
  /** Every review, including those sent without a star. */
  count: number;
  /** Reviews that carry a rating of 1 to 5 stars. */
  ratedCount: number;
  /** Mean of the rated reviews, rounded to one decimal; null when none is rated. */
  average: number | null;
};
