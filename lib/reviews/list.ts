import "server-only";
import { findEachById } from "@/lib/storage/each-by-id";
import { type ListChange, orderedList, rebuildList } from "@/lib/storage/ordered-lists";
import { Review, type ReviewDoc } from "@/models/Review";

/** Every review by when it was written (lib/storage/ordered-lists.ts), read newest first. */
export const reviewList = orderedList("reviews:all", { createdAt: "number", id: "text" });

type Listed = { _id: unknown; createdAt?: Date | null };
const reviewEntry = (review: Listed) => ({ createdAt: (review.createdAt ?? new Date(0)).getTime(), id: String(review._id) });

/** The change that puts a review in the list, or takes it out. */
export const reviewListChange = (review: Listed, op: ListChange["op"]): ListChange => reviewList.change(reviewEntry(review), op);

/**
 * One page of reviews, newest first: the page's ids from the list, then each review by its id
 * (parallel reads by _id, which every engine answers from an index; `$in` would scan on FerretDB).
 * A review deleted straight in the database, and not yet reindexed, is left out.
 */
export async function reviewPage({ limit, skip }: { limit: number; skip: number }): Promise<ReviewDoc[]> {
  const { ids } = await reviewList.idPage({ offset: skip, limit, descending: true });
  return findEachById<ReviewDoc>(Review, ids);
}

/** The review list rebuilt from these reviews (reindexReviews). */
export async function rebuildReviewList(reviews: AsyncIterable<Listed>): Promise<number> {
  return rebuildList(reviewList, reviews, reviewEntry);
}
