import { CATALOGUE_ORDER, PART_SORTS } from "./catalogue-query";

// Public pages that are the same for every visitor are rendered once and served from Next's cache
// (ISR). Next prerenders a page without params at build time, when neither the database nor the
// site's runtime URL is known; a dynamic segment with an empty generateStaticParams is rendered on
// its first request instead. So these public paths are rewritten (next.config.ts, before the
// filesystem routes) onto such segments under /cached. Next's own cache fills reach those internal
// paths too, so they stay reachable; their canonical URL names the public path, and robots.txt
// keeps crawlers out of /cached/.
//
// Config rewrites rather than a NextResponse.rewrite in proxy.ts: measured, the proxy's rewrite
// cost about 1 ms of CPU per request, as much again as serving the cached page.
export const CACHED_PREFIX = "/cached";

type Condition = { type: "query"; key: string; value?: string };
export type Rewrite = { source: string; destination: string; has?: Condition[]; missing?: Condition[] };

/** What the catalogue page reads as a sort (`lib/catalogue-query.ts`); anything else is the catalogue order. */
const SORT = `(?<sort>${PART_SORTS.join("|")})`;
/** 1 to 6 digits, as readPageNumber accepts; the cached page normalizes "007" and "0". */
const PAGE = "(?<page>\\d{1,6})";
/** A search text is free input: /parts?q=… renders per request (app/parts/(catalogue)). */
const NO_SEARCH: Condition[] = [{ type: "query", key: "q" }];

export function cachedPageRewrites(): Rewrite[] {
  const parts = (destination: string, has: Condition[] = []): Rewrite => ({ source: "/parts", destination, has, missing: NO_SEARCH });
  return [
    { source: "/", destination: `${CACHED_PREFIX}/home/index` },
    { source: "/blog", destination: `${CACHED_PREFIX}/blog/index` },
    { source: "/portfolio", destination: `${CACHED_PREFIX}/portfolio/index` },
    // First match wins: an unreadable sort or page falls through to the plain order or page 1.
    parts(`${CACHED_PREFIX}/parts/:sort/:page`, [
      { type: "query", key: "sort", value: SORT },
      { type: "query", key: "page", value: PAGE },
    ]),
    parts(`${CACHED_PREFIX}/parts/:sort/1`, [{ type: "query", key: "sort", value: SORT }]),
    parts(`${CACHED_PREFIX}/parts/${CATALOGUE_ORDER}/:page`, [{ type: "query", key: "page", value: PAGE }]),
    parts(`${CACHED_PREFIX}/parts/${CATALOGUE_ORDER}/1`),
  ];
}
