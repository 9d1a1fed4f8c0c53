import { existsSync } from "node:fs";
import path from "node:path";
import { PART_PLACEHOLDER, partImageSrc } from "@/lib/catalogue/images";
import { SHIPPED_PART_IMAGE } from "@/lib/validation/part-image";

// Server only (reads public/). A picture under /parts/ that is not shipped is replaced by the
// placeholder before the HTML is sent, so crawlers (og:image, JSON-LD) never get a dead link either.
// Uploaded pictures and https links are shown as they are: the browser falls back if one fails.
const known = new Map<string, boolean>();
const publicDir = path.join(process.cwd(), "public");

/** The picture a page shows for a part: its own when the shop can show it, else the placeholder. */
export function shownPartImage(image: string | null | undefined): string {
  const src = partImageSrc(image);
  if (!SHIPPED_PART_IMAGE.test(src)) return src;
  let exists = known.get(src);
  if (exists === undefined) {
    exists = existsSync(path.join(publicDir, src));
    known.set(src, exists);
  }
  return exists ? src : PART_PLACEHOLDER;
}
