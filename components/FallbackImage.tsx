"use client";

import Image, { type ImageProps } from "next/image";
import { useState } from "react";
import { isSvg } from "@/lib/images";

type Props = Omit<ImageProps, "src" | "onError" | "unoptimized"> & { src: string; fallback: string };

/** next/image that swaps to `fallback` when the picture fails to load, instead of a broken icon. */
export function FallbackImage({ src, fallback, alt, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? fallback : src;
  return (
    <Image
      {...rest}
      src={shown}
      alt={alt}
      // SVGs are not rasterized by the optimizer, and foreign hosts are not configured for it: serve them as they are.
      unoptimized={isSvg(shown) || /^https?:/.test(shown)}
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
    />
  );
}
