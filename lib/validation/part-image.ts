import { z } from "@/lib/validation/zod";

// A part's picture (SPEC 5: a URL): an https link, a picture uploaded to the shop (POST /part-images),
// or one of the illustrations shipped in public/parts. Shared by the forms, the routes and the pages.

/**
 * The largest picture file an admin may upload. POST /part-images is the one path whose body may be
 * larger than the JSON cap; the server's global body cap must let this path through up to this size.
 */
export const PART_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The picture types the shop accepts, recognised by their first bytes (never by name or declared type). SVG is not one: it can carry script. */
export const PART_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type PartImageType = (typeof PART_IMAGE_TYPES)[number];

/** An uploaded picture's id: the SHA-256 of its bytes, so one file is stored once and its address never changes meaning. */
export const partImageIdSchema = z.string().regex(/^[0-9a-f]{64}$/, "The picture id must be 64 lower-case hexadecimal characters.");
/** Where an uploaded picture is served. */
export const UPLOADED_PART_IMAGE = /^\/part-images\/[0-9a-f]{64}$/;
/** An illustration shipped in public/parts. */
export const SHIPPED_PART_IMAGE = /^\/parts\/[A-Za-z0-9][\w.-]*\.(svg|png|jpe?g|webp|avif)$/;

export const uploadedPartImagePath = (sha256: string): string => `/part-images/${sha256}`;

/**
 * Only https links: an http picture is refused when the part is saved rather than shown broken (the
 * pages' CSP loads images over https only, and over HTTPS an http picture would be mixed content).
 */
export const partImageField = (error: string) =>
  z
    .string({ error })
    .max(2048, "Links must be 2048 characters or fewer")
    .trim()
    .meta({ description: "An https:// link, the `url` POST /part-images answered (/part-images/…), or an illustration the shop ships (/parts/….svg).", pattern: "^\\s*([hH][tT][tT][pP][sS]://|/part-images/|/parts/)" })
    .pipe(z.union([z.url({ protocol: /^https$/, error }), z.string().regex(UPLOADED_PART_IMAGE, error), z.string().regex(SHIPPED_PART_IMAGE, error)], { error }));

/** The reply of POST /part-images: `url` goes in a part's `image`. */
export const partImageUploadedSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    result: z.object({ url: z.string().regex(UPLOADED_PART_IMAGE), contentType: z.enum(PART_IMAGE_TYPES), bytes: z.number().int() }),
  })
  .meta({ id: "PartImageUploaded" });

export type PartImageUploaded = z.output<typeof partImageUploadedSchema>;
