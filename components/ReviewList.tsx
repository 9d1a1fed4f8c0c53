import { ReviewCard } from "@/components/ReviewCard";
import { StarShape } from "@/components/StarRating";
import type { ReviewView } from "@/lib/reviews/views";

/** Reviews in a grid, with the one star shape their ratings draw. */
export function ReviewList({ reviews, className }: { reviews: ReviewView[]; className?: string }) {
  return (
    <>
      <StarShape />
      <ul className={className}>
        {reviews.map((review) => (
          <li key={review._id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    </>
  );
}
