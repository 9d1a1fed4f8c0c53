import "server-only";
import { unstable_cache } from "next/cache";
import { CACHE_TAGS } from "@/lib/cache/tags";
import { countParts, findPart, listParts, searchParts, type PartSearch, type PartSearchResult } from "@/lib/catalogue/queries";
import type { PartView } from "@/lib/catalogue/views";
import { type FitmentView, partFitmentPage, vehicleYears } from "@/lib/fitment/queries";
import { listReviews, reviewStats, type ReviewStats } from "@/lib/reviews/queries";
import type { ReviewView } from "@/lib/reviews/views";
import { siteUrl } from "@/lib/site/site";
import type { Paging } from "@/lib/validation/common";
import { sitemapFileXml, sitemapXml } from "@/lib/catalogue/sitemap";

// The public reads, served from Next's data cache instead of the database. Each entry carries the
// lib/cache/tags.ts tags of what it shows; a write expires those tags at once, so a read after it
// is fresh, except a stock change, which marks them stale (refreshed by one background render). On FerretDB v1 a sorted list or a count scans the collection (hundreds of ms), so
// the hot path must not reach it. Pages that use these are cached whole (ISR) and inherit the tags.
//
// Only bounded argument spaces are cached (paging, sort, part ids); a free-text search goes to the
// database, so no visitor can fill the cache with arbitrary keys.

/** A part by id (null when unknown or malformed); expired by that part's writes only, made stale by its stock changes. */
export function cachedPart(id: string): Promise<PartView | null> {
  // A malformed id never reaches the database nor the cache: no entry per garbage URL.
  if (!/^[0-9a-f]{24}$/i.test(id)) return Promise.resolve(null);
  const key = id.toLowerCase();
  return unstable_cache(() => findPart(key), ["part", key], { tags: [CACHE_TAGS.part(key), CACHE_TAGS.partStock(key), CACHE_TAGS.public] })();
}

/** How many of a part's model years its page lists; the rest are on /parts/<id>/vehicles. */
export const FITMENT_ON_PART_PAGE = 10;

/** The first model years a part fits, for its page; expired with the part's tag, which every fitment change expires. */
export function cachedPartFitment(id: string): Promise<{ rows: FitmentView[]; total: number }> {
  const key = id.toLowerCase();
  return unstable_cache(() => partFitmentPage(key, { offset: 0, limit: FITMENT_ON_PART_PAGE }), ["part-fitment", key], { tags: [CACHE_TAGS.part(key), CACHE_TAGS.public] })();
}

/** The selector's years, for the home page and the catalogue; a vehicle enters the menus with its first fitment, which expires "parts". */
export const cachedVehicleYears = unstable_cache((): Promise<number[]> => vehicleYears(), ["vehicle-years"], { tags: [CACHE_TAGS.parts, CACHE_TAGS.public] });

/** A page of the catalogue in its own order (home page, GET /carparts). */
export const cachedPartList = unstable_cache((paging: Paging): Promise<PartView[]> => listParts(paging), ["part-list"], {
  tags: [CACHE_TAGS.parts, CACHE_TAGS.stock, CACHE_TAGS.public],
});

/** How many parts the catalogue holds: which catalogue pages exist. */
export const cachedPartCount = unstable_cache((): Promise<number> => countParts(), ["part-count"], { tags: [CACHE_TAGS.parts, CACHE_TAGS.public] });

/** A page of the catalogue without a search text. */
export const cachedCataloguePage = unstable_cache(
  (search: Omit<PartSearch, "q">): Promise<PartSearchResult> => searchParts(search),
  ["catalogue-page"],
  { tags: [CACHE_TAGS.parts, CACHE_TAGS.stock, CACHE_TAGS.public] },
);

/** A page of reviews, newest first (home page, GET /reviews). */
export const cachedReviews = unstable_cache((paging: Paging): Promise<ReviewView[]> => listReviews(paging), ["review-list"], {
  tags: [CACHE_TAGS.reviews, CACHE_TAGS.public],
});

export const cachedReviewStats = unstable_cache((): Promise<ReviewStats> => reviewStats(), ["review-stats"], { tags: [CACHE_TAGS.reviews, CACHE_TAGS.public] });

// The base URL goes into the key: the XML holds absolute URLs from runtime configuration.
export function cachedSitemapXml(): Promise<string> {
  return unstable_cache(() => sitemapXml(), ["sitemap", siteUrl().toString()], { tags: [CACHE_TAGS.parts, CACHE_TAGS.public] })();
}

export function cachedSitemapFileXml(n: number): Promise<string | null> {
  return unstable_cache(() => sitemapFileXml(n), ["sitemap-file", siteUrl().toString(), String(n)], { tags: [CACHE_TAGS.parts, CACHE_TAGS.public] })();
}
