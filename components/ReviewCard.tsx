import { FallbackImage } from "@/components/FallbackImage";
import { StarRating } from "@/components/StarRating";
import { avatarSrc, DEFAULT_AVATAR } from "@/lib/catalogue/images";
import type { ReviewView } from "@/lib/reviews/views";

const AVATAR = { width: 48, height: 48, className: "h-12 w-12 rounded-full bg-slate-100 object-cover" } as const;

export function ReviewCard({ review }: { review: ReviewView }) {
  const avatar = avatarSrc(review.image);
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        {avatar === DEFAULT_AVATAR ? (
          // Our own default picture has nothing to fall back to: a plain server-rendered <img>, no client code.
          // eslint-disable-next-line @next/next/no-img-element -- an SVG next/image would pass through unchanged
          <img src={avatar} alt="" loading="lazy" decoding="async" {...AVATAR} />
        ) : (
          <FallbackImage src={avatar} fallback={DEFAULT_AVATAR} alt="" {...AVATAR} />
        )}
        <div>
          <h3 className="font-semibold">{review.name}</h3>
          <StarRating rating={review.rating} />
        </div>
      </div>
      {review.description ? <p className="text-sm text-slate-700">{review.description}</p> : null}
    </article>
  );
}
