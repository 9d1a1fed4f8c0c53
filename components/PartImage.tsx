import { preload } from "react-dom";
import { FallbackImage } from "@/components/FallbackImage";
import { PART_PLACEHOLDER } from "@/lib/catalogue/images";
import { shownPartImage } from "@/lib/catalogue/part-image-file";

type Props = { image: string; alt: string; priority?: boolean; className?: string };

/** A part's picture at 4:3 (shipped, uploaded or an https link), or the placeholder when it cannot be shown or fails to load. */
export function PartImage({ image, alt, priority, className }: Props) {
  const src = shownPartImage(image);
  // The largest picture above the fold: the browser fetches it from the <head>, before the body.
  if (priority) preload(src, { as: "image", fetchPriority: "high" });
  return (
    <FallbackImage
      src={src}
      fallback={PART_PLACEHOLDER}
      alt={alt}
      width={400}
      height={300}
      priority={priority}
      className={`block aspect-[4/3] w-full bg-slate-50 object-contain ${className ?? ""}`}
    />
  );
}
