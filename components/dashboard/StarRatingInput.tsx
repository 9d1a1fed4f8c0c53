"use client";

import { useState } from "react";

const STARS = [1, 2, 3, 4, 5] as const;

type Props = { name: string; value: number; onChange: (rating: number) => void; labelId: string };

/**
 * SPEC 4's review stars as a radio group: hovering previews a rating, clicking sets it, default 0
 * (none chosen). Native radios give the keyboard for free (Tab in, Space to choose, arrows to move)
 * and announce "4 stars, 4 of 5"; the stars are their pictures.
 */
export function StarRatingInput({ name, value, onChange, labelId }: Props) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="radiogroup" aria-labelledby={labelId} className="inline-flex gap-1" onMouseLeave={() => setHover(0)}>
        {STARS.map((star) => (
          <label
            key={star}
            onMouseEnter={() => setHover(star)}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 has-[:focus-visible]:outline-solid"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} ${star === 1 ? "star" : "stars"}`}
              className="sr-only"
            />
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              data-filled={star <= shown}
              className={`h-8 w-8 transition-colors ${star <= shown ? "fill-amber-500 text-amber-600" : "fill-none text-slate-400"}`}
            >
              <path stroke="currentColor" strokeWidth="1.2" d="M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />
            </svg>
          </label>
        ))}
      </div>
      <span className="text-sm text-slate-700" aria-hidden="true">
        {value ? `${value} of 5 stars` : "No stars chosen"}
      </span>
    </div>
  );
}
