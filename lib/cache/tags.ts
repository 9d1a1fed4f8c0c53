import { revalidateTag } from "next/cache";
import { EVERY_ENTRY_TAG, EXPIRED_NOW, STALE_NOW, applyHere, revalidationOf, shareRevalidation } from "@/lib/cache/shared-tags.mjs";

// Public pages (home, catalogue, part pages, sitemap) and API reads are cached by these tags
// (lib/cache/public-read.ts). Every write to parts, stock or reviews calls one of the functions
// below. Most writes expire their entries at once, so the next request renders fresh data. Stock
// changes with every order, so they only mark the entries stale: under a crowd of orders the next
// request is still answered from the cache while one background render refreshes it (purchase
// re-checks stock on the server, so a stale count never sells what is not there).
export const CACHE_TAGS = {
  /** The catalogue as a whole: lists, counts, the home page's first parts, the sitemap. */
  parts: "parts",
  /** One part's page and API reply. */
  part: (id: string) => `part:${id}`,
  // Stock has tags of its own: were a stale mark put on "parts", it would overwrite the moment an
  // earlier edit expired that tag (Next keeps one expiry per tag), and a page cached before the
  // edit would be served once more.
  /** Every entry that shows stock levels of the catalogue. */
  stock: "stock",
  /** The entries that show one part's stock. */
  partStock: (id: string) => `stock:${id}`,
  reviews: "reviews",
  /** The admin's search synonym list (lib/search/synonyms.ts). */
  synonyms: "synonyms",
  /** Every cached public entry: expired only when the data changed outside the app (or a revalidation missed Redis). */
  public: EVERY_ENTRY_TAG,
} as const;

type Invalidation = "max" | { expire: 0 };

/**
 * `"max"`: stale now, served while one background render refreshes it; `{ expire: 0 }`: gone now.
 * Applied to this process at once, in a request or outside one (lib/cache/local-tag-states.mjs),
 * and told to Next as well; with REDIS_URL the states are also written to Redis before the promise
 * resolves, so the caller's reply goes out only once every server process would answer the next
 * read from them (lib/cache/shared-tags.mjs).
 */
async function invalidate(tags: string[], how: Invalidation): Promise<void> {
  const revalidation = revalidationOf(tags, how === "max" ? STALE_NOW : EXPIRED_NOW);
  applyHere(revalidation);
  for (const tag of tags) {
    try {
      revalidateTag(tag, how);
    } catch (error) {
      // Outside a Next.js server (seed script, unit tests) there is no cache to expire.
      if (!(error instanceof Error) || !/static generation store|workStore|outside a request/i.test(error.message)) throw error;
    }
  }
  await shareRevalidation(revalidation);
}

/** Ids are tagged in lower case (lib/catalogue/cached-reads.ts), however the URL spelled them. */
const tagsOfParts = (tagOf: (id: string) => string, partIds: string[]) => partIds.map((id) => tagOf(id.toLowerCase()));

/** A part was added, edited (name, price, picture, description…) or deleted: shows on the next request. */
export function partsChanged(...partIds: string[]): Promise<void> {
  return invalidate([CACHE_TAGS.parts, ...tagsOfParts(CACHE_TAGS.part, partIds)], { expire: 0 });
}

/**
 * Only the stock of these parts changed. By orders (placed, cancelled, deleted): stale, so a crowd
 * of orders is served from the cache while one render refreshes it (purchase re-checks the stock).
 * By an admin's adjustment (`{ now: true }`): gone at once, as the admin expects to see it.
 */
export function stockChanged(partIds: string[], { now = false } = {}): Promise<void> {
  return invalidate([CACHE_TAGS.stock, ...tagsOfParts(CACHE_TAGS.partStock, partIds)], now ? { expire: 0 } : "max");
}

export function reviewsChanged(): Promise<void> {
  return invalidate([CACHE_TAGS.reviews], { expire: 0 });
}

/** An admin changed the search synonym list: every process's copy and every entry built on it go at once. */
export function synonymsChanged(): Promise<void> {
  return invalidate([CACHE_TAGS.synonyms], { expire: 0 });
}

/**
 * The database was changed outside the app (a script, a shell, another deployment): nothing the
 * public cache holds can be trusted, so all of it expires (POST /api/cache/expire, admins only).
 */
export function publicCacheExpired(): Promise<void> {
  return invalidate([CACHE_TAGS.public], { expire: 0 });
}
