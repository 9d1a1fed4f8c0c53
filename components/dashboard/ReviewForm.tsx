"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { StarRatingInput } from "@/components/dashboard/StarRatingInput";
import { RemoveReviewButton } from "@/components/RemoveReviewButton";
import { callApi, messageOf, succeeded } from "@/lib/site/api-client";
import { MAX_REVIEW_LENGTH, reviewSchema, type NewReview, type ReviewInput } from "@/lib/validation/reviews";

const EMPTY: ReviewInput = { rating: 0, description: "" };

/** The author's review as the form edits it. */
export type OwnReview = { _id: string; rating: number; description: string; createdAt: string };

type Props = { author: { name: string; image: string }; review: OwnReview | null };

/**
 * SPEC 2's add-review form: stars and a text area. Each account has one review: without one the
 * form posts it (POST /reviews, SPEC 7, with the author's name and picture); with one it shows that
 * review to change (PUT /reviews/{id}) or remove (DELETE /reviews/{id}).
 */
export function ReviewForm({ author, review }: Props) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput, unknown, NewReview>({
    resolver: zodResolver(reviewSchema),
    defaultValues: review ? { rating: review.rating, description: review.description } : EMPTY,
  });

  const onSubmit = handleSubmit(async ({ rating, description }) => {
    const reply = review
      ? await callApi("PUT", `/reviews/${review._id}`, { rating, description })
      : await callApi("POST", "/reviews", { rating, description, name: author.name, image: author.image });
    if (succeeded(reply)) {
      toast.success(messageOf(reply, "Thank you for your review."));
      // SPEC 4 resets the form; what it resets to is the review as now stored, read again.
      reset(review ? { rating, description } : EMPTY);
      router.refresh();
    } else {
      // SPEC 8 resets only after a success: what was written stays, to send again.
      toast.error("failed to insert", { description: messageOf(reply, `The shop answered with an error (HTTP ${reply.status}).`) });
    }
  });

  const descriptionError = errors.description?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex max-w-lg flex-col gap-5">
      <div className="flex flex-col gap-1">
        <span id="review-rating-label" className="text-sm font-medium">
          Rating
        </span>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => <StarRatingInput name={field.name} value={field.value ?? 0} onChange={field.onChange} labelId="review-rating-label" />}
        />
        {errors.rating?.message ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.rating.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="review-description" className="text-sm font-medium">
          Your review
        </label>
        <textarea
          id="review-description"
          rows={5}
          maxLength={MAX_REVIEW_LENGTH}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? "review-description-error" : undefined}
          className="rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
          {...register("description")}
        />
        {descriptionError ? (
          <p id="review-description-error" role="alert" className="text-sm text-red-600">
            {descriptionError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={isSubmitting} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
          {isSubmitting ? "Sending…" : review ? "Update review" : "Submit review"}
        </button>
        {review ? (
          <RemoveReviewButton reviewId={review._id} confirmation="Remove your review? It disappears from the shop.">
            Remove review
          </RemoveReviewButton>
        ) : null}
      </div>
    </form>
  );
}
