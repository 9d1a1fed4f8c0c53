import { beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { MODEL_YEARS_LIST } from "@/lib/fitment/menus";
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
    for (const path of ["/parts", "/parts?page=2", "/customer-reviews", "/blog", "/portfolio", "/returns", "/shipping"]) expect(urls).toContain(new URL(path, urls[0]).toString());
    // The home page as its canonical link names it: the origin, no trailing slash.
    expect(urls).toContain(new URL(urls[0]!).origin);
  });

  it("lists every vehicle page, each model year once", async () => {
    const vehicles = locs(await sitemapXml()).filter((u) => u.includes("/vehicles/"));
    expect(vehicles).toHaveLength(await MODEL_YEARS_LIST.size());
    expect(new Set(vehicles).size).toBe(vehicles.length);
    expect(vehicles.some((u) => u.endsWith("/vehicles/2016/honda/civic"))).toBe(true);
  });

  it("becomes an index of files once the catalogue outgrows one, and the files cover every part and vehicle once", async () => {
    const perFile = 5;
    const vehicleCount = await MODEL_YEARS_LIST.size();
    const index = await sitemapXml(perFile);
    expect(index).toContain("<sitemapindex");
    const files = locs(index);
    expect(files).toHaveLength(1 + Math.ceil(seedParts.length / perFile) + Math.ceil(vehicleCount / perFile));
    const urls: string[] = [];
    for (let n = 1; n < files.length; n++) urls.push(...locs((await sitemapFileXml(n, perFile))!));
    expect(new Set(urls.filter((u) => /\/parts\/[0-9a-f]{24}$/.test(u))).size).toBe(seedParts.length);
    expect(new Set(urls.filter((u) => u.includes("/vehicles/"))).size).toBe(vehicleCount);
    expect(urls).toHaveLength(seedParts.length + vehicleCount);
    // Home, the two catalogue pages, the reviews, blog, portfolio and the two policies.
    expect(locs((await sitemapFileXml(0, perFile))!)).toHaveLength(8);
    expect(await sitemapFileXml(files.length, perFile)).toBeNull();
  });

  it("dates every page that lists parts, in one file and in the index's files alike", async () => {
    const dated = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>\n(<lastmod>[^<]+<\/lastmod>)?/g)].filter((m) => !/\/(blog|portfolio|customer-reviews)$/.test(m[1]!));
    const one = dated(await sitemapXml());
    expect(one.length).toBeGreaterThan(seedParts.length);
    for (const [, loc, lastmod] of one) expect(lastmod, loc).toBeDefined();
    const files = locs(await sitemapXml(5));
    const vehicleFile = (await sitemapFileXml(files.length - 1, 5))!;
    expect(vehicleFile).toContain("/vehicles/");
    for (const [, loc, lastmod] of [...dated((await sitemapFileXml(0, 5))!), ...dated(vehicleFile)]) expect(lastmod, loc).toBeDefined();
  });
});
