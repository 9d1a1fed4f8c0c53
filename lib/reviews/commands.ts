import "server-only";
import { Types } from "mongoose";
import { reviewsChanged } from "@/lib/cache/tags";
import { connectDb } from "@/lib/storage/connect";
import { keepLists } from "@/lib/storage/ordered-lists";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { reviewListChange } from "@/lib/reviews/list";
import { authorReview } from "@/lib/reviews/queries";
import { changeReviewTotalsLocked, ensureReviewTotalsLocked, noteReviewWrite, reviewWriteDone, withReviewsLock } from "@/lib/reviews/totals";
import { type ReviewView, toReviewView } from "@/lib/reviews/views";
import { countReviewWrite } from "@/lib/reviews/write-limit";
import type { AccountView } from "@/lib/users/views";
import type { NewReview } from "@/lib/validation/reviews";
import { Review, type ReviewDoc } from "@/models/Review";

/** The author's name and picture as the review shows them, from the account, whatever the form said. */
const authorFields = (author: AccountView) => ({ name: author.name || author.email.split("@")[0] || "Customer", image: author.image });

/**
 * POST /reviews: one review per account. The first stores it (created); a later one rewrites the
 * author's review (not created), so reposting never adds a second review to the count or the mean.
 */
export async function saveReview(input: NewReview, author: AccountView): Promise<{ review: ReviewView; created: boolean }> {
  await connectDb();
  await countReviewWrite(author.email);
  const saved = await withReviewsLock(async () => {
    await ensureReviewTotalsLocked();
    const existing = await authorReview(author.email);
    if (existing) return { review: await rewriteLocked(existing, input, author), created: false };
    // Its id is chosen first, so its write is noted before the review exists.
    const id = new Types.ObjectId();
    const token = await noteReviewWrite({ review: String(id), before: null });
    const review = await Review.create({ _id: id, rating: input.rating, description: input.description, ...authorFields(author), email: author.email });
    await changeReviewTotalsLocked(null, review.rating, token);
    await keepLists([reviewListChange(review, "add")]);
    await reviewWriteDone(token);
    return { review: toReviewView(review.toObject()), created: true };
  });
  await reviewsChanged();
  return saved;
}

async function rewriteLocked(existing: ReviewDoc, input: NewReview, author: AccountView): Promise<ReviewView> {
  const fields = { rating: input.rating, description: input.description, ...authorFields(author) };
  const token = await noteReviewWrite({ review: String(existing._id), before: { rating: existing.rating, createdAt: existing.createdAt } });
  await Review.updateOne({ _id: existing._id }, { $set: fields });
  await changeReviewTotalsLocked(existing.rating, input.rating, token);
  await reviewWriteDone(token);
  return toReviewView({ ...existing, ...fields });
}

/** The review `id` under the lock, or 404; 403 unless `may` allows the actor. */
async function reviewForLocked(id: string, actor: AccountView, may: (review: ReviewDoc) => boolean, refusal: string): Promise<ReviewDoc> {
  const review = await Review.findById(id).lean<ReviewDoc>();
  if (!review) throw new NotFoundError("There is no review with this id.");
  if (!may(review)) throw new ForbiddenError(refusal);
  return review;
}

/** PUT /reviews/{id}: only its author may change a review. */
export async function editReview(id: string, input: NewReview, author: AccountView): Promise<ReviewView> {
  await connectDb();
  await countReviewWrite(author.email);
  const review = await withReviewsLock(async () => {
    await ensureReviewTotalsLocked();
    const existing = await reviewForLocked(id, author, (r) => r.email === author.email, "You can only change your own review.");
    return rewriteLocked(existing, input, author);
  });
  await reviewsChanged();
  return review;
}

/** DELETE /reviews/{id}: its author, or an admin (who moderates every review, unlimited). */
export async function removeReview(id: string, actor: AccountView): Promise<{ deletedCount: number }> {
  await connectDb();
  const isAdmin = actor.role === "admin";
  if (!isAdmin) await countReviewWrite(actor.email);
  await withReviewsLock(async () => {
    await ensureReviewTotalsLocked();
    const review = await reviewForLocked(id, actor, (r) => isAdmin || r.email === actor.email, "You can only remove your own review.");
    const token = await noteReviewWrite({ review: String(review._id), before: { rating: review.rating, createdAt: review.createdAt } });
    const { deletedCount } = await Review.deleteOne({ _id: review._id });
    if (deletedCount !== 1) {
      await reviewWriteDone(token);
      throw new NotFoundError("There is no review with this id.");
    }
    await changeReviewTotalsLocked(review.rating, null, token);
    await keepLists([reviewListChange(review, "remove")]);
    await reviewWriteDone(token);
  });
  await reviewsChanged();
  return { deletedCount: 1 };
}
