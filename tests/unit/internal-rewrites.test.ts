import { describe, expect, it } from "vitest";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas, prepareDestination } from "next/dist/shared/lib/router/utils/prepare-destination";
import { searchParamsToUrlQuery } from "next/dist/shared/lib/router/utils/querystring";
import { cachedPageRewrites, type Rewrite } from "@/lib/cache/cached-routes";
import { compileRewrites, internalCachedPath } from "@/lib/cache/internal-rewrites";
import { CATALOGUE_ORDER, NARROWING_KEYS, PART_SORTS } from "@/lib/catalogue/query-string";

// The node:http layer's rewrite of a visitor's cached page must land where Next's own rewrites
// would: the same rules, evaluated here by Next's own matchers, over every kind of request.

const rewrites = cachedPageRewrites({ sorts: PART_SORTS, ownOrder: CATALOGUE_ORDER, narrowingKeys: NARROWING_KEYS });
const rules = compileRewrites(rewrites);

type Headers = Record<string, string>;

/** Where Next's rewrites send the request: the first rule whose source, `has` and `missing` hold. */
function nextDestination(url: string, headers: Headers): string | null {
  const parsed = new URL(url, "http://shop.test");
  const query = searchParamsToUrlQuery(parsed.searchParams);
  for (const rewrite of rewrites as Rewrite[]) {
    const params = getPathMatch(rewrite.source, { removeUnnamedParams: true, strict: true })(parsed.pathname);
    if (!params) continue;
    const hasParams = matchHas({ headers } as never, query, rewrite.has as never, rewrite.missing as never);
    if (!hasParams) continue;
    const { parsedDestination } = prepareDestination({ appendParamsToQuery: true, destination: rewrite.destination, params: { ...params, ...hasParams }, query });
    return parsedDestination.pathname;
  }
  return null;
}

const PART = "65a1b2c3d4e5f60718293a4b";
const paths = ["/", "/blog", "/portfolio", "/returns", "/shipping", "/parts", `/parts/${PART}`, `/parts/${PART}/vehicles`, "/customer-reviews", "/cart", "/signin", "/vehicle", "/vehicles/2015/ford/focus", "/Blog", "/blog/", "/parts/not-an-id", "/dashboard", "/nowhere"];
const queries = ["", "?page=2", "?page=0", "?page=007", "?sort=price-asc", "?sort=price-asc&page=3", "?sort=nonsense&page=4", "?page=2&page=5", "?q=brake", "?brand=Bosch", "?vehicle=2015/ford/focus", "?page=", "?utm_source=mail"];
const cookies = ["", "cart-count=3", "cart-count=99plus", "cart-count=250", "cart-count=0", "cart-count=x", "vehicle=2015/ford/focus", "vehicle=2015%2Fford%2Ffocus", "vehicle=junk", "a=1; cart-count=7; b=2", "cart-count=5; cart-count=6", "cart-count=%33"];

describe("the cached pages' rewrite at the node:http layer", () => {
  it("sends every visitor's document request where Next's rewrites send it, or leaves it to them", () => {
    let rewritten = 0;
    for (const path of paths)
      for (const query of queries)
        for (const cookie of cookies) {
          const headers: Headers = cookie ? { cookie } : {};
          const url = `${path}${query}`;
          const ours = internalCachedPath(rules, { method: "GET", url, headers });
          const theirs = nextDestination(url, headers);
          if (ours === null) {
            expect({ url, cookie, theirs }).not.toEqual({ url, cookie, theirs: expect.stringMatching(/^\/cached\/|^\/parts\/[0-9a-f]{24}\/visitor/) });
            continue;
          }
          rewritten += 1;
          expect({ url, cookie, ours }).toEqual({ url, cookie, ours: `${theirs}${query}` });
        }
    // Most of the public pages' requests are taken here; the test would pass vacuously otherwise.
    expect(rewritten).toBeGreaterThan(400);
  });

  it("puts a visitor's home page, catalogue page and part page on their cached variants", () => {
    const at = (url: string, cookie?: string) => internalCachedPath(rules, { method: "GET", url, headers: cookie ? { cookie } : {} });
    expect(at("/")).toBe("/cached/visitor/home/index");
    expect(at("/parts?sort=price-asc&page=3")).toBe("/cached/visitor/parts/price-asc/3?sort=price-asc&page=3");
    expect(at(`/parts/${PART}`, "cart-count=4")).toBe(`/parts/${PART}/visitor_4`);
  });

  it("leaves to Next a signed-in browser, a client navigation, a write, and a page rendered per request", () => {
    const at = (method: string, url: string, headers: Headers = {}) => internalCachedPath(rules, { method, url, headers });
    expect(at("GET", "/", { cookie: "next-auth.session-token=abc" })).toBeNull();
    expect(at("GET", "/", { cookie: "__Secure-next-auth.session-token=abc" })).toBeNull();
    expect(at("GET", "/", { rsc: "1" })).toBeNull();
    expect(at("GET", "/parts", { "next-router-prefetch": "1" })).toBeNull();
    expect(at("POST", "/")).toBeNull();
    expect(at("GET", "/parts?q=brake")).toBeNull();
    expect(at("GET", "/", { cookie: "vehicle=2015/ford/focus" })).toBeNull();
    expect(at("GET", "/cart")).toBeNull();
  });
});
