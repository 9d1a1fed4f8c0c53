import { describe, expect, it } from "vitest";
import { makePart, setUpApiWorld } from "../support/api";

// Pages answer with the status they mean: a page that does not exist is a 404, and a made-up
// address never leaves a page in the cache.
const world = setUpApiWorld();

async function page(path: string): Promise<{ status: number; html: string; cache: string | null }> {
  const reply = await world.alice.call<string>("GET", path);
  return { status: reply.status, html: String(reply.body), cache: reply.headers.get("x-nextjs-cache") };
}

describe("status codes of pages", () => {
  it("a purchase page of an unknown or malformed part id answers 404 with the not-found page, like the part page", async () => {
    for (const id of ["0123456789abcdef01234567", "not-a-part-id"]) {
      for (const path of [`/purchase/${id}`, `/parts/${id}`]) {
        const reply = await page(path);
        expect(reply.status, path).toBe(404);
        expect(reply.html, path).toContain("Page not found");
      }
    }
    const part = await makePart();
    expect((await page(`/purchase/${part._id.toString()}`)).status).toBe(200);
  });

  it("made-up variants of the cached pages answer 404 and are never stored, however often they are asked for", async () => {
    const madeUp = [
      "/cached/visitor/home/anything",
      "/cached/visitor/blog/other",
      "/cached/visitor/portfolio/other",
      "/cached/visitor/parts/cheapest/1",
      "/cached/visitor/parts/name/0",
      "/cached/visitor/parts/name/007",
      "/cached/visitor/parts/catalogue/999",
      "/cached/visitor/reviews/999",
      "/cached/visitor/reviews/first",
      "/cached/everyone/home/index",
    ];
    for (const path of madeUp) {
      const first = await page(path);
      const second = await page(path);
      expect([first.status, second.status], path).toEqual([404, 404]);
      expect(second.html, path).toContain("Page not found");
      expect(second.cache, `${path} was served from the cache`).not.toBe("HIT");
    }
    // The check can tell: the real variants are stored, so their second read is a cache hit.
    for (const path of ["/cached/visitor/home/index", "/cached/visitor/parts/name/1", "/cached/visitor/reviews/1"]) {
      await page(path);
      const again = await page(path);
      expect(again.status, path).toBe(200);
      expect(again.cache, path).toBe("HIT");
    }
  });

  it("the public addresses still reach their pages; a page number the shop never writes falls back to page 1", async () => {
    for (const path of ["/", "/blog", "/portfolio", "/parts?sort=name", "/customer-reviews", "/parts?page=007", "/customer-reviews?page=0"]) {
      expect((await page(path)).status, path).toBe(200);
    }
    expect((await page("/customer-reviews?page=2")).status).toBe(404);
  });

  it("pages come without an ETag: hashing every reply cost the server more than a browser saves, as no page is kept by browsers", async () => {
    for (const path of ["/", "/parts", "/parts?q=brake", "/customer-reviews"]) {
      const reply = await world.alice.call<string>("GET", path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get("etag"), path).toBeNull();
      expect(reply.headers.get("cache-control") ?? "", path).not.toMatch(/max-age=[1-9]/);
    }
  });
});
