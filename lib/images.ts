// Which picture URLs the pages render. Part pictures ship as local files in public/parts; anything
// else (a foreign host, a typo, a script URL) shows the placeholder instead of a broken icon.

export const PART_PLACEHOLDER = "/parts/placeholder.svg";
export const DEFAULT_AVATAR = "/avatar-default.svg";

const LOCAL_PART_IMAGE = /^\/parts\/[A-Za-z0-9][\w.-]*\.(svg|png|jpe?g|webp|avif)$/;

/** The part's own picture when it is one of ours under /parts/, else the placeholder. */
export function partImageSrc(image: string | null | undefined): string {
  return image && LOCAL_PART_IMAGE.test(image) && !image.includes("..") ? image : PART_PLACEHOLDER;
}

/**
 * A reviewer's picture: a local file, or an https URL (sign-in providers host profile photos,
 * e.g. Google). Anything else, or nothing, gives the default avatar.
 */
export function avatarSrc(image: string | null | undefined): string {
  if (!image) return DEFAULT_AVATAR;
  if (/^\/(?!\/)[\w./-]+$/.test(image) && !image.includes("..")) return image;
  try {
    const url = new URL(image);
    return url.protocol === "https:" ? url.toString() : DEFAULT_AVATAR;
  } catch {
    return DEFAULT_AVATAR;
  }
}

/** SVGs are served as they are: the image optimizer does not rasterize them. */
export function isSvg(src: string): boolean {
  return /\.svg($|\?)/i.test(src);
}
