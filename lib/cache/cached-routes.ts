import { CART_COUNT_COOKIE, CART_COUNT_VALUE, SESSION_COOKIES, SIGNED_IN_HEADER } from "./audience";

// Public pages that are the same for every visitor are rendered once and served from Next's cache
// (ISR). Next prerenders a page without params at build time, when neither the database nor the
// site's runtime URL is known; a dynamic segment with an empty generateStaticParams is rendered on
// its first request instead. So these public paths are rewritten (next.config.ts, before the
// filesystem routes) onto such segments under /cached. Next's own cache fills reach those internal
// paths too, so they stay reachable; their canonical URL names the public path, and robots.txt
// keeps crawlers out of /cached/.
//
// Only the variants below exist: the cached pages answer 404 to any other /cached/ path and to a
// page past the last, and a 404 is never stored (lib/cache/isr-cache-handler.mjs), so nobody can fill the
// cache by making up URLs.
//
// Config rewrites rather than a NextResponse.rewrite in proxy.ts: measured, the proxy's rewrite
// cost about 1 ms of CPU per request, as much again as serving the cached page.
export const CACHED_PREFIX = "/cached";
/** The one variant of the cached pages that have a single version (home, blog, portfolio, returns, shipping). */
export const INDEX_VARIANT = "index";
/** Every review, a page at a time (GET /reviews is SPEC 7's JSON list, so the page has its own path). */
export const REVIEWS_PATH = "/customer-reviews";

type Condition = { type: "query" | "cookie" | "header"; key: string; value?: string };
export type Rewrite = { source: string; destination: string; has?: Condition[]; missing?: Condition[] };

/**
 * The catalogue's query as the catalogue reads it (lib/catalogue/query-string.ts), handed in by
 * next.config.ts: this layer knows no domain.
 */
export type CatalogueQueryWords = {
  /** The sorts the catalogue page reads; anything else is the catalogue order. */
  sorts: readonly string[];
  /** The path segment of the catalogue in its own order (no sort). */
  ownOrder: string;
  /** The query's keys that narrow the catalogue: any of them makes /parts a page rendered per request. */
  narrowingKeys: readonly string[];
};
/**
 * A page number as written by the shop's own links: 1 to 6 digits, no leading zero. Only these
 * reach a cached page, so each page has one cache entry; "0", "007" or "x" fall through to page 1.
 */
export const PAGE_NUMBER = "[1-9]\\d{0,5}";
const PAGE = `(?<page>${PAGE_NUMBER})`;

/** How many pages a list of `total` items fills, `pageSize` a page; an empty list still has its page 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page number of a /cached/ path, or null when it is not one the rewrites produce. */
export function cachedPageNumber(text: string): number | null {
  return new RegExp(`^${PAGE_NUMBER}$`).test(text) ? Number(text) : null;
}
const VEHICLE_SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";
/** year/make/model[/engine] (lib/garage/chosen-vehicle.ts), its slashes as sent or %-escaped. */
const VEHICLE_COOKIE_SHAPE = `\\d{4}(?:(?:/|%2[Ff])${VEHICLE_SLUG}){2,3}`;
/**
 * The cookie of a browser that has chosen a vehicle: its pages say what fits it. Only a cookie of a
 * vehicle's shape counts, so a junk or stale value does not keep a browser off the cached pages.
 */
const VEHICLE_COOKIE: Condition = { type: "cookie", key: "vehicle", value: VEHICLE_COOKIE_SHAPE };
/**
 * A search text is free input, and a vehicle's or a set of facets' catalogue is one of thousands:
 * /parts?q=…, ?vehicle=…, ?brand=… and the like, or /parts with a vehicle chosen, render per request
 * (app/per-request/[audience]/parts).
 */
const notShared = (narrowingKeys: readonly string[]): Condition[] => [...narrowingKeys.map((key): Condition => ({ type: "query", key })), VEHICLE_COOKIE];
/** A part's id, as the shop writes it: anything else under /parts/ (its pictures) is left alone. */
const PART_ID = "[0-9a-f]{24}";

/** The shared pages of one audience segment (lib/cache/audience.ts), under their internal paths. */
function audienceRewrites(audience: string, catalogue: CatalogueQueryWords): Rewrite[] {
  const cached = `${CACHED_PREFIX}/${audience}`;
  const sort = `(?<sort>${catalogue.sorts.join("|")})`;
  const missing = notShared(catalogue.narrowingKeys);
  const parts = (destination: string, has: Condition[] = []): Rewrite => ({ source: "/parts", destination, has, missing });
  return [
    // With a vehicle chosen, the home page and a part's page say what fits it (perRequestRewrites).
    { source: "/", destination: `${cached}/home/${INDEX_VARIANT}`, missing: [VEHICLE_COOKIE] },
    { source: `/parts/:id(${PART_ID})`, destination: `/parts/:id/${audience}`, missing: [VEHICLE_COOKIE] },
    { source: "/blog", destination: `${cached}/blog/${INDEX_VARIANT}` },
    { source: "/portfolio", destination: `${cached}/portfolio/${INDEX_VARIANT}` },
    { source: "/returns", destination: `${cached}/returns/${INDEX_VARIANT}` },
    { source: "/shipping", destination: `${cached}/shipping/${INDEX_VARIANT}` },
    // First match wins: an unreadable sort or page falls through to the plain order or page 1.
    parts(`${cached}/parts/:sort/:page`, [
      { type: "query", key: "sort", value: sort },
      { type: "query", key: "page", value: PAGE },
    ]),
    parts(`${cached}/parts/:sort/1`, [{ type: "query", key: "sort", value: sort }]),
    parts(`${cached}/parts/${catalogue.ownOrder}/:page`, [{ type: "query", key: "page", value: PAGE }]),
    parts(`${cached}/parts/${catalogue.ownOrder}/1`),
    { source: REVIEWS_PATH, destination: `${cached}/reviews/:page`, has: [{ type: "query", key: "page", value: PAGE }] },
    { source: REVIEWS_PATH, destination: `${cached}/reviews/1` },
  ];
}

/** Where the pages rendered per request live, one path per audience (app/per-request/[audience]). */
export const PER_REQUEST_PREFIX = "/per-request";

/**
 * The pages rendered per request, under their internal paths: these come after the shared pages'
 * rewrites, so they get what those leave (a search, a chosen vehicle's home, catalogue and part page).
 */
function perRequestRewrites(audience: string): Rewrite[] {
  const live = `${PER_REQUEST_PREFIX}/${audience}`;
  return [
    { source: "/", destination: live },
    { source: "/parts", destination: `${live}/parts` },
    { source: `/parts/:id(${PART_ID})`, destination: `${live}/parts/:id/for-your-vehicle` },
    { source: `/parts/:id(${PART_ID})/vehicles`, destination: `${live}/parts/:id/vehicles` },
    { source: "/vehicle", destination: `${live}/vehicle` },
    { source: "/vehicles/:year/:make/:model", destination: `${live}/vehicles/:year/:make/:model` },
    { source: "/signin", destination: `${live}/signin` },
    { source: "/signup", destination: `${live}/signup` },
    { source: CART_PATH, destination: `${live}/cart` },
  ];
}

/** The cart page (app/per-request/[audience]/cart): per request, with the header's variants like every public page. */
export const CART_PATH = "/cart";

/** The segment of the rewrites' destinations that the audience's condition fills in. */
type AudienceVariant = { segment: string; has: Condition[] };

/** A session cookie under either of its names, found in the Cookie header by one condition. */
const SESSION_COOKIE_IN_HEADER = `(?:.*;\\s*)?(?:${SESSION_COOKIES.map((name) => name.replace(/\./g, "\\.")).join("|")})=[^;]+.*`;

/**
 * Who the page is drawn for, and the header's cart count, read by the rewrites without a render: a
 * signed-in browser's audience segment comes whole from the guard's header (proxy.ts, which runs only
 * for a request with a session cookie); a visitor's cart count straight from the cart-count cookie,
 * which the server writes as the segment's suffix (lib/cache/audience.ts). So each page takes three
 * rewrites, the fewest Next must try on every request, and an empty cart costs nothing.
 */
const AUDIENCE_VARIANTS: AudienceVariant[] = [
  {
    segment: ":audience",
    has: [
      { type: "header", key: "cookie", value: SESSION_COOKIE_IN_HEADER },
      { type: "header", key: SIGNED_IN_HEADER, value: `(?<audience>signed-in(?:_(?:${CART_COUNT_VALUE}))?)` },
    ],
  },
  { segment: "visitor_:cartCount", has: [{ type: "cookie", key: CART_COUNT_COOKIE, value: `(?<cartCount>${CART_COUNT_VALUE})` }] },
  { segment: "visitor", has: [] },
];

/** Every public page, the shared ones first, under each audience's internal paths. */
export function cachedPageRewrites(catalogue: CatalogueQueryWords): Rewrite[] {
  return AUDIENCE_VARIANTS.flatMap(({ segment, has }) =>
    [...audienceRewrites(segment, catalogue), ...perRequestRewrites(segment)].map((rewrite) => ({ ...rewrite, has: [...(rewrite.has ?? []), ...has] })),
  );
}
