const STARS = [1, 2, 3, 4, 5];

/** Five stars, filled up to the rating; read out as "Rated N out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className={`inline-flex gap-0.5 ${className ?? ""}`}>
      {STARS.map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-5 w-5 ${star <= value ? "fill-amber-500 text-amber-600" : "fill-none text-slate-400"}`}
          data-filled={star <= value}
        >
          <path
            stroke="currentColor"
            strokeWidth="1.2"
            d="M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z"
          />
        </svg>
      ))}
    </span>
  );
}
