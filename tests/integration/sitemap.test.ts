import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/db/connect";
import { seedParts } from "@/lib/seed/catalogue";
import { seedDatabase } from "@/lib/seed/seed";
import { sitemapFileXml, sitemapXml } from "@/lib/catalogue/sitemap";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

beforeAll(async () => {
  await connectDb();
  await seedDatabase({ NODE_ENV: "development" });
});

describe("sitemap", () => {
  it("lists the pages and every part in one file while they fit", async () => {
    const xml = await sitemapXml();
    expect(xml).toContain("<urlset");
    const urls = locs(xml);
    expect(urls.filter((u) => /\/parts\/[0-9a-f]{24}$/.test(u))).toHaveLength(seedParts.length);
    for (const path of ["/", "/parts", "/parts?page=2", "/customer-reviews", "/blog", "/portfolio"]) expect(urls).toContain(new URL(path, urls[0]).toString());
  });

  it("becomes an index of files once the catalogue outgrows one, and the files cover every part once", async () => {
    const perFile = 5;
    const index = await sitemapXml(perFile);
    expect(index).toContain("<sitemapindex");
    const files = locs(index);
    expect(files).toHaveLength(1 + Math.ceil(seedParts.length / perFile));
    const partUrls: string[] = [];
    for (let n = 1; n < files.length; n++) partUrls.push(...locs((await sitemapFileXml(n, perFile))!));
    expect(new Set(partUrls).size).toBe(seedParts.length);
    // Home, the two catalogue pages, the reviews, blog and portfolio.
    expect(locs((await sitemapFileXml(0, perFile))!)).toHaveLength(6);
    expect(await sitemapFileXml(files.length, perFile)).toBeNull();
  });
});
