import "server-only";
import { connectDb, trusted } from "@/lib/storage/connect";
import { writeJournal } from "@/lib/storage/list-journal";
import { withLock } from "@/lib/storage/lock";
import { keepLists } from "@/lib/storage/ordered-lists";
import { reviewListChange } from "@/lib/reviews/list";
import { Review } from "@/models/Review";
import { ReviewTotals, type ReviewTotalsFields } from "@/models/ReviewTotals";

// The one document holding the review count and rating sum. Every review write changes it under
// the reviews lock (withReviewsLock), in step with the review itself: FerretDB's updates read and
// then write, so an unlocked $inc could lose a concurrent one.

const TOTALS_ID = "all";

/**
 * Runs `work` as the only review write in progress, on every server process, once a review write
 * cut short (a crash, the database gone) is completed.
 */
export function withReviewsLock<T>(work: () => Promise<T>): Promise<T> {
  return withLock("reviews", "Reviews are busy just now; please try again in a moment.", async () => {
    await reviewWrites.completeCutShort("");
    return work();
  });
}

// A review, then the totals, then the list: not one write here (no transactions). So a review write
// is journalled (lib/storage/list-journal.ts), with the review's rating and time before it (null: a
// new review), and the totals' change records the write's token in the same single-document write:
// a write cut short is completed from the review as it is, its totals changed only if they lack it.

/** What a review write notes before the review: which review, and its rating and time before (null: it is new). */
export type ReviewNote = { review: string; before: { rating: number; createdAt: Date } | null };

async function completeReviewWrite(_thing: string, { review: id, before }: ReviewNote, token: string): Promise<void> {
  const review = await Review.findById(id, { rating: 1, createdAt: 1 }).lean<{ _id: unknown; rating: number; createdAt: Date }>();
  // Totals not there yet are counted afresh from the reviews by the next write (ensureReviewTotalsLocked).
  const totals = await ReviewTotals.findById(TOTALS_ID, { applied: 1 }).lean<{ applied?: string }>();
  if (totals && totals.applied !== token) await changeReviewTotalsLocked(before?.rating ?? null, review?.rating ?? null, token);
  if (review) await keepLists([reviewListChange(review, "add")]);
  else if (before) await keepLists([reviewListChange({ _id: id, createdAt: before.createdAt }, "remove")]);
  console.warn(`[reviews] completed the totals and list of review ${id}, whose write was cut short`);
}

/** One note for every review write, named "reviews": they are written one at a time, under the reviews lock. */
export const reviewWrites = writeJournal<ReviewNote>("reviews", completeReviewWrite);

/** Notes a review write, before the review; call inside withReviewsLock. The token for changeReviewTotalsLocked and reviewWriteDone. */
export async function noteReviewWrite(note: ReviewNote): Promise<string> {
  const { token } = await reviewWrites.begin("", note);
  return token;
}

export const reviewWriteDone = (token: string): Promise<void> => reviewWrites.end("", token);

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

/**
 * Adds `after` and takes away `before` (each a review's totalsOf, or none), recording the token of
 * the write's note in the same write. Call inside withReviewsLock, after the review's write.
 */
export async function changeReviewTotalsLocked(before: number | null, after: number | null, token: string): Promise<void> {
  const zero = { count: 0, ratedCount: 0, ratingSum: 0 };
  const was = before === null ? zero : totalsOf(before);
  const is = after === null ? zero : totalsOf(after);
  await ReviewTotals.updateOne(
    { _id: TOTALS_ID },
    { $inc: { count: is.count - was.count, ratedCount: is.ratedCount - was.ratedCount, ratingSum: is.ratingSum - was.ratingSum }, $set: { applied: token } },
  );
}
