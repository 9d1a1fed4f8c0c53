import "server-only";
import { findEachById } from "@/lib/storage/each-by-id";
import { encodeKey, keyId, readList } from "@/lib/storage/ordered-index";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";
import { Review, type ReviewDoc } from "@/models/Review";

/** Every review by when it was written (lib/storage/ordered-index.ts), read newest first. */
export const REVIEW_LIST = "reviews:all";

export const reviewKey = (review: { _id: unknown; createdAt?: Date | null }): IndexKey =>
  encodeKey((review.createdAt ?? new Date(0)).getTime(), String(review._id));

/**
 * One page of reviews, newest first: the page's keys from the list, then each review by its id
 * (parallel reads by _id, which every engine answers from an index; `$in` would scan on FerretDB).
 * A review deleted straight in the database, and not yet reindexed, is left out.
 */
export async function reviewPage({ limit, skip }: { limit: number; skip: number }): Promise<ReviewDoc[]> {
  const { keys } = await readList(REVIEW_LIST, { offset: skip, limit, descending: true });
  return findEachById<ReviewDoc>(Review, keys.map(keyId));
}
