import { FallbackImage } from "@/components/FallbackImage";
import { StarRating } from "@/components/StarRating";
import { avatarSrc, DEFAULT_AVATAR } from "@/lib/images";
import type { ReviewView } from "@/lib/reviews";

export function ReviewCard({ review }: { review: ReviewView }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <FallbackImage
          src={avatarSrc(review.image)}
          fallback={DEFAULT_AVATAR}
          alt=""
          width={48}
          height={48}
          sizes="48px"
          className="h-12 w-12 rounded-full bg-slate-100 object-cover"
        />
        <div>
          <h3 className="font-semibold">{review.name}</h3>
          <StarRating rating={review.rating} />
        </div>
      </div>
      {review.description ? <p className="text-sm text-slate-700">{review.description}</p> : null}
    </article>
  );
}
