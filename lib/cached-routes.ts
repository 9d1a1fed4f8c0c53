import { CATALOGUE_ORDER, readCatalogueQuery } from "@/lib/catalogue-query";

// Public pages that are the same for every visitor are rendered once and served from Next's cache
// (ISR). Next prerenders a page without params at build time, when neither the database nor the
// site's runtime URL is known; a dynamic segment with an empty generateStaticParams is rendered on
// its first request instead. So proxy.ts rewrites these public paths onto such segments under
// /cached. Next's own cache fills also pass through proxy.ts with those internal paths, so
// they stay reachable; their canonical URL names the public path and robots.txt keeps
// crawlers out of /cached/.
export const CACHED_PREFIX = "/cached";

const FIXED: Record<string, string> = {
  "/": `${CACHED_PREFIX}/home/index`,
  "/blog": `${CACHED_PREFIX}/blog/index`,
  "/portfolio": `${CACHED_PREFIX}/portfolio/index`,
};

/** Where a public path is rendered, or null when it is rendered as it is. */
export function cachedRenderPath(pathname: string, searchParams: URLSearchParams): string | null {
  const fixed = FIXED[pathname];
  if (fixed) return fixed;
  if (pathname === "/parts") {
    const query = readCatalogueQuery({ q: searchParams.get("q") ?? undefined, sort: searchParams.get("sort") ?? undefined, page: searchParams.get("page") ?? undefined });
    // A search text is free input: searches render per request (app/parts/(catalogue)).
    if (query.q) return null;
    return `${CACHED_PREFIX}/parts/${query.sort ?? CATALOGUE_ORDER}/${query.page}`;
  }
  return null;
}
