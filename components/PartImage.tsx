import { FallbackImage } from "@/components/FallbackImage";
import { PART_PLACEHOLDER, partImageSrc } from "@/lib/images";

type Props = { image: string; alt: string; sizes: string; priority?: boolean; className?: string };

/** A part's picture at 4:3, or the placeholder when its URL is foreign or broken. */
export function PartImage({ image, alt, sizes, priority, className }: Props) {
  return (
    <FallbackImage
      src={partImageSrc(image)}
      fallback={PART_PLACEHOLDER}
      alt={alt}
      width={400}
      height={300}
      sizes={sizes}
      priority={priority}
      className={`aspect-[4/3] w-full bg-slate-50 object-contain ${className ?? ""}`}
    />
  );
}
