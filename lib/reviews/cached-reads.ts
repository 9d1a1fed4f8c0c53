import "server-only";
import { publicRead } from "@/lib/cache/public-read";
import { CACHE_TAGS } from "@/lib/cache/tags";
import { listReviews, reviewStats } from "@/lib/reviews/queries";
import type { ReviewStats, ReviewView } from "@/lib/reviews/views";
import type { Paging } from "@/lib/validation/common";

// The reviews' public reads, from Next's data cache (lib/cache/public-read.ts).

/** A page of reviews, newest first (home page, GET /reviews). */
export const cachedReviews = publicRead((paging: Paging): Promise<ReviewView[]> => listReviews(paging), ["review-list"], [CACHE_TAGS.reviews]);

export const cachedReviewStats = publicRead((): Promise<ReviewStats> => reviewStats(), ["review-stats"], [CACHE_TAGS.reviews]);
