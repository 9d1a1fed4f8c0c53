import { SHIPPED_PART_IMAGE, UPLOADED_PART_IMAGE } from "@/lib/validation/part-image";

// Which picture URLs the pages render. A part's picture is one shipped in public/parts, one uploaded
// to the shop, or an https link; anything else (an http link, a typo, a script URL) shows the
// placeholder instead of a broken icon. A picture that fails in the browser falls back to it too.

export const PART_PLACEHOLDER = "/parts/placeholder.svg";
export const DEFAULT_AVATAR = "/avatar-default.svg";

/** The URL as the browser should load it when it is an https link, else null. */
function httpsUrl(image: string): string | null {
  try {
    const url = new URL(image);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The part's picture when it is one the shop can show, else the placeholder. */
export function partImageSrc(image: string | null | undefined): string {
  if (!image) return PART_PLACEHOLDER;
  if (SHIPPED_PART_IMAGE.test(image) || UPLOADED_PART_IMAGE.test(image)) return image;
  return httpsUrl(image) ?? PART_PLACEHOLDER;
}

/**
 * A reviewer's picture: a local file, or an https URL (sign-in providers host profile photos,
 * e.g. Google). Anything else, or nothing, gives the default avatar.
 */
export function avatarSrc(image: string | null | undefined): string {
  if (!image) return DEFAULT_AVATAR;
  if (/^\/(?!\/)[\w./-]+$/.test(image) && !image.includes("..")) return image;
  return httpsUrl(image) ?? DEFAULT_AVATAR;
}
