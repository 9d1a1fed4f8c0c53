import { connectDb } from "@/lib/db";
import type { Paging } from "@/lib/validation/common";
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

/** Reviews, newest first. */
export async function listReviews({ limit, skip = 0 }: Partial<Paging> = {}): Promise<ReviewView[]> {
  await connectDb();
  let query = Review.find().sort({ createdAt: -1, _id: -1 }).skip(skip);
  if (limit !== undefined) query = query.limit(limit);
  return (await query.lean<ReviewDoc[]>()).map(toReviewView);
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
  return toReviewView(review.toObject());
}
