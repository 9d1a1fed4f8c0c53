import { describe, expect, it } from "vitest";
import { cachedRenderPath } from "@/lib/cached-routes";

const at = (url: string) => {
  const u = new URL(url, "http://shop.test");
  return cachedRenderPath(u.pathname, u.searchParams);
};

describe("which public paths are served from their cached rendering", () => {
  it("maps the fixed pages", () => {
    expect(at("/")).toBe("/cached/home/index");
    expect(at("/blog")).toBe("/cached/blog/index");
    expect(at("/portfolio")).toBe("/cached/portfolio/index");
  });

  it("maps the catalogue without a search text by sort and page, reading them as the page does", () => {
    expect(at("/parts")).toBe("/cached/parts/catalogue/1");
    expect(at("/parts?page=3")).toBe("/cached/parts/catalogue/3");
    expect(at("/parts?sort=name&page=2")).toBe("/cached/parts/name/2");
    expect(at("/parts?sort=price-desc")).toBe("/cached/parts/price-desc/1");
    // What the page would read as page 1 or the plain order is cached as such: no key per typo.
    expect(at("/parts?page=abc&sort=bogus")).toBe("/cached/parts/catalogue/1");
    expect(at("/parts?page=0")).toBe("/cached/parts/catalogue/1");
    expect(at("/parts?q=%20%20")).toBe("/cached/parts/catalogue/1");
  });

  it("leaves searches and every other path alone", () => {
    expect(at("/parts?q=brake")).toBeNull();
    expect(at("/parts/0123456789abcdef01234567")).toBeNull();
    expect(at("/dashboard")).toBeNull();
    expect(at("/purchase/0123456789abcdef01234567")).toBeNull();
    expect(at("/carparts")).toBeNull();
  });
});
