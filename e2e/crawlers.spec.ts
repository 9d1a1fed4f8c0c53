import { expect, test } from "@playwright/test";
import { seedParts } from "../lib/seed/catalogue";

// What a crawler gets: plain HTTP, no browser, no JavaScript.

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

async function partUrls(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("xml");
  let xml = await res.text();
  // Past 5000 parts the sitemap becomes an index: follow it.
  if (xml.includes("<sitemapindex")) {
    const files = await Promise.all(locs(xml).map(async (loc) => (await request.get(new URL(loc).pathname)).text()));
    xml = files.join("\n");
  }
  return locs(xml);
}

test("a part page's HTML carries its name, price and a JSON-LD Product with an Offer", async ({ request }) => {
  const urls = (await partUrls(request)).filter((u) => /\/parts\/[0-9a-f]{24}$/.test(u));
  const htmls = await Promise.all(urls.map(async (u) => (await request.get(new URL(u).pathname)).text()));
  const part = seedParts[5]!;
  const html = htmls.find((h) => h.includes(`<h1 class="text-3xl font-bold">${part.partsname}</h1>`));
  expect(html, "the part's page is listed in the sitemap").toBeDefined();
  expect(html).toContain(`$${part.price}`);
  expect(html).toContain(`<title>${part.partsname} | AutoParts Hub</title>`);

  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html!);
  expect(match).not.toBeNull();
  expect(match![1]).not.toContain("<");
  const data = JSON.parse(match![1]!);
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Product",
    name: part.partsname,
    description: part.description,
    offers: { "@type": "Offer", price: part.price.toFixed(2), priceCurrency: "USD", availability: "https://schema.org/InStock" },
    aggregateRating: { "@type": "AggregateRating", bestRating: 5 },
  });
  expect(data.image).toMatch(/^https?:\/\/[^/]+\/parts\/.+\.svg$/);
  expect(data).toMatchObject({ sku: part.sku, mpn: part.mpn, gtin13: part.gtin, brand: { "@type": "Brand", name: part.brand } });
  expect(html).toContain(`<link rel="canonical" href="${data.url}"/>`);
  expect(html).toContain(`<meta property="og:image" content="${data.image}"/>`);
});

test("sitemap.xml lists the shop's pages and every seeded part with a lastmod", async ({ request, baseURL }) => {
  const urls = await partUrls(request);
  for (const path of ["/", "/parts", "/blog", "/portfolio"]) expect(urls).toContain(new URL(path, baseURL).toString());
  const parts = urls.filter((u) => /\/parts\/[0-9a-f]{24}$/.test(u));
  expect(parts).toHaveLength(seedParts.length);
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml.match(/<lastmod>/g)?.length).toBe(seedParts.length);
  // Each listed part answers 200 and is the page the sitemap promised.
  const pages = await Promise.all(parts.map(async (u) => (await request.get(new URL(u).pathname)).text()));
  const names = pages.map((h) => /<h1[^>]*>([^<]+)<\/h1>/.exec(h)?.[1]).sort();
  expect(names).toEqual(seedParts.map((p) => p.partsname).sort());
});

test("robots.txt allows the shop, keeps crawlers out of private and API paths and names the sitemap", async ({ request, baseURL }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^Allow: \/$/m);
  for (const path of ["/purchase", "/dashboard", "/signin", "/signup", "/api/", "/carparts", "/orderd", "/orders", "/reviews", "/admin", "/user", "/openapi.json"]) {
    expect(text).toMatch(new RegExp(`^Disallow: ${path.replace(/[.]/g, "\\.")}$`, "m"));
  }
  expect(text).not.toMatch(/^Disallow: \/parts/m);
  expect(text).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL).toString()}`);
});

test("unknown and malformed part ids answer 404 to plain HTTP too", async ({ request }) => {
  expect((await request.get("/parts/0123456789abcdef01234567")).status()).toBe(404);
  expect((await request.get("/parts/%3Cscript%3E")).status()).toBe(404);
  expect((await request.get("/sitemaps/999.xml")).status()).toBe(404);
});
