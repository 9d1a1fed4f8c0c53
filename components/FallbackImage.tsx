"use client";

import { useState, type ImgHTMLAttributes } from "react";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError" | "loading"> & {
  src: string;
  fallback: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load at once with high priority (the server component preloads it too). */
  priority?: boolean;
};

/**
 * A plain <img> that swaps to `fallback` when the picture fails to load, instead of a broken icon.
 * Not next/image: every picture the shop shows is an SVG or a provider's avatar, which the image
 * optimizer would pass through unchanged, and its client code weighed on every page's first load.
 */
export function FallbackImage({ src, fallback, alt, priority, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? fallback : src;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- see above: nothing for next/image to optimize
    <img
      {...rest}
      src={shown}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
    />
  );
}
