"use client";

import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

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
 * Not next/image: part pictures may be on any https host an admin links to, which the image
 * optimizer would need listed in advance, and its client code weighed on every page's first load.
 */
export function FallbackImage({ src, fallback, alt, priority, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const img = useRef<HTMLImageElement>(null);
  const shown = failedSrc === src ? fallback : src;
  useEffect(() => {
    // The server-rendered picture may have failed before React hydrated it: no onError fired then.
    const element = img.current;
    if (element?.complete && element.naturalWidth === 0 && element.getAttribute("src") === src && src !== fallback) setFailedSrc(src);
  }, [src, fallback]);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- see above: no list of hosts for next/image
    <img
      {...rest}
      ref={img}
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
