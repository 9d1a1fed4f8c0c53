import { existsSync } from "node:fs";
import path from "node:path";
import { PART_PLACEHOLDER, partImageSrc } from "@/lib/images";

// Server only (reads public/). A part picture under /parts/ that is not shipped is replaced by the
// placeholder before the HTML is sent, so crawlers (og:image, JSON-LD) never get a dead link either.
const known = new Map<string, boolean>();
const publicDir = path.join(process.cwd(), "public");

/** The part's picture when it is ours and the file exists, else the placeholder. */
export function shippedPartImage(image: string | null | undefined): string {
  const src = partImageSrc(image);
  if (src === PART_PLACEHOLDER) return src;
  let exists = known.get(src);
  if (exists === undefined) {
    exists = existsSync(path.join(publicDir, src));
    known.set(src, exists);
  }
  return exists ? src : PART_PLACEHOLDER;
}
