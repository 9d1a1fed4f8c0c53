import { revalidateTag } from "next/cache";

// Public pages (home, catalogue, part pages, sitemap) and API reads are cached by these tags
// (lib/cache/public-data.ts). Every write to parts, stock or reviews calls one of the functions
// below, so the next request after a write renders fresh data: the entries expire at once (expire: 0), not stale-while-revalidate.
export const CACHE_TAGS = {
  /** The catalogue as a whole: lists, counts, the home page's first parts, the sitemap. */
  parts: "parts",
  /** One part's page and API reply. */
  part: (id: string) => `part:${id}`,
  reviews: "reviews",
  /** Every cached public entry: expired only when the data changed outside the app. */
  public: "public",
} as const;

function expire(tag: string): void {
  try {
    revalidateTag(tag, { expire: 0 });
  } catch (error) {
    // Outside a Next.js server (seed script, unit tests) there is no cache to expire.
    if (!(error instanceof Error) || !/static generation store|workStore|outside a request/i.test(error.message)) throw error;
  }
}

/** A part was added, edited or deleted, or its stock changed. */
export function partsChanged(...partIds: string[]): void {
  expire(CACHE_TAGS.parts);
  // Ids are tagged in lower case (lib/cache/public-data.ts), however the URL spelled them.
  for (const id of partIds) expire(CACHE_TAGS.part(id.toLowerCase()));
}

export function reviewsChanged(): void {
  expire(CACHE_TAGS.reviews);
}

/**
 * The database was changed outside the app (a script, a shell, another deployment): nothing the
 * public cache holds can be trusted, so all of it expires (POST /api/cache/expire, admins only).
 */
export function publicCacheExpired(): void {
  expire(CACHE_TAGS.public);
}
