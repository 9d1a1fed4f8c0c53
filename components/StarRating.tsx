const STARS = [1, 2, 3, 4, 5];
const STAR_SHAPE_ID = "star-shape";

/**
 * The star's outline, once per page: every StarRating draws it by reference. Thirty inline copies
 * of the path (six reviews of five stars) were a sixth of the home page's HTML, and as much again
 * in the page's RSC payload. Render it once beside the ratings (ReviewList does).
 */
export function StarShape() {
  return (
    <svg aria-hidden="true" className="absolute h-0 w-0 overflow-hidden">
      <symbol id={STAR_SHAPE_ID} viewBox="0 0 20 20">
        <path stroke="currentColor" strokeWidth="1.2" d="M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />
      </symbol>
    </svg>
  );
}

/** Five stars, filled up to the rating; read out as "Rated N out of 5". Needs <StarShape /> on the page. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of 5`}
      // The colours live on the group: a star says only whether it is filled.
      className={`inline-flex gap-0.5 text-slate-400 *:h-5 *:w-5 *:fill-none *:data-[filled=true]:fill-amber-500 *:data-[filled=true]:text-amber-600 ${className ?? ""}`}
    >
      {STARS.map((star) => (
        <svg key={star} aria-hidden="true" data-filled={star <= value}>
          <use href={`#${STAR_SHAPE_ID}`} />
        </svg>
      ))}
    </span>
  );
}
