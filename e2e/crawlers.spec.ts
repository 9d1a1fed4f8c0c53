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
  });
  expect(data.image).toMatch(/^https?:\/\/[^/]+\/parts\/.+\.svg$/);
  expect(data).toMatchObject({ sku: part.sku, mpn: part.mpn, gtin13: part.gtin, brand: { "@type": "Brand", name: part.brand } });
  expect(html).toContain(`<link rel="canonical" href="${data.url}"/>`);
  expect(html).toContain(`<meta property="og:image" content="${data.image}"/>`);
});

const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
const isPartUrl = (url: string) => /\/parts\/[0-9a-f]{24}$/.test(url);

test("no part page carries the shop's rating as its own; the home page's OnlineStore does", async ({ request }) => {
  const parts = (await partUrls(request)).filter(isPartUrl);
  for (const url of parts) {
    const product = jsonLdOf(await (await request.get(new URL(url).pathname)).text()).find((d) => d["@type"] === "Product");
    expect(product, url).toBeDefined();
    expect(JSON.stringify(product), url).not.toContain("aggregateRating");
  }
  const store = jsonLdOf(await (await request.get("/")).text()).find((d) => d["@type"] === "OnlineStore");
  expect(store).toMatchObject({ name: "AutoParts Hub", aggregateRating: { "@type": "AggregateRating", bestRating: 5, worstRating: 1 } });
  expect(store.aggregateRating.reviewCount).toBeGreaterThan(0);
});

test("the returns and shipping pages, linked from the footer, state the terms every Offer carries", async ({ page, request }) => {
  const partUrl = (await partUrls(request)).find(isPartUrl)!;
  const offer = jsonLdOf(await (await request.get(new URL(partUrl).pathname)).text()).find((d) => d["@type"] === "Product").offers;
  const returns = offer.hasMerchantReturnPolicy;
  expect(returns).toMatchObject({ applicableCountry: "US", returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow", returnMethod: "https://schema.org/ReturnByMail" });
  const shipping = offer.shippingDetails;
  expect(shipping.shippingDestination.addressCountry).toBe("US");
  const { handlingTime, transitTime } = shipping.deliveryTime;

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Returns" }).click();
  await expect(page).toHaveURL(/\/returns$/);
  expect(new URL(returns.merchantReturnLink).pathname).toBe("/returns");
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`within ${returns.merchantReturnDays} days of its delivery`);
  await expect(page.getByRole("main")).toContainText(returns.returnFees === "https://schema.org/FreeReturn" ? "return shipping is free" : "return shipping is yours to pay");

  await page.getByRole("contentinfo").getByRole("link", { name: "Shipping" }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  const main = page.getByRole("main");
  await expect(main).toContainText("We deliver to addresses in the United States.");
  await expect(main).toContainText(shipping.shippingRate.value === 0 ? "Standard shipping is free" : "Standard shipping is $");
  await expect(main).toContainText(`within ${handlingTime.minValue} to ${handlingTime.maxValue} business days of your order`);
  await expect(main).toContainText(`within ${transitTime.minValue} to ${transitTime.maxValue} business days after that`);
});

test("sitemap.xml lists the shop's pages and every seeded part, each listing page with a lastmod", async ({ request, baseURL }) => {
  const urls = await partUrls(request);
  const home = new URL(baseURL!).origin;
  for (const path of ["/parts", "/blog", "/portfolio", "/returns", "/shipping"]) expect(urls).toContain(new URL(path, baseURL).toString());
  // The home page is listed by the address its canonical link gives.
  const canonical = /<link rel="canonical" href="([^"]+)"\/>/.exec(await (await request.get("/")).text())?.[1];
  expect(canonical).toBe(home);
  expect(urls).toContain(home);
  const parts = urls.filter(isPartUrl);
  expect(parts).toHaveLength(seedParts.length);
  const xml = await (await request.get("/sitemap.xml")).text();
  const entries = [...xml.matchAll(/<url>\n<loc>([^<]+)<\/loc>\n(?:<lastmod>([^<]+)<\/lastmod>\n)?<\/url>/g)].map((m) => ({ loc: m[1]!, lastmod: m[2] }));
  const listing = entries.filter((e) => e.loc === home || /\/parts(\?page=\d+)?$/.test(e.loc) || isPartUrl(e.loc) || e.loc.includes("/vehicles/"));
  expect(listing.filter((e) => e.loc.includes("/vehicles/")).length).toBeGreaterThan(0);
  for (const entry of listing) expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d{2}-\d{2}/);
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
