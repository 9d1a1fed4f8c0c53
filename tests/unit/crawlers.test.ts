import { describe, expect, it } from "vitest";
import type { PartView } from "@/lib/catalogue/views";
import { avatarSrc, DEFAULT_AVATAR, PART_PLACEHOLDER, partImageSrc } from "@/lib/catalogue/images";
import { onlineStoreJsonLd, productJsonLd, serializeJsonLd } from "@/lib/catalogue/jsonld";
import { CATALOGUE_PAGE_SIZE } from "@/lib/catalogue/queries";
import { pageUrls, renderSitemapIndex, renderUrlset } from "@/lib/catalogue/sitemap";
import { POLICIES_UPDATED, RETURN_POLICY, SHIPPING_POLICY } from "@/lib/site/policies";
import { absoluteUrl } from "@/lib/site/site";

const part: PartView = {
  _id: "0123456789abcdef01234567",
  partsname: "Evil </script><script>alert(1)</script> part",
  image: "/parts/brake-disc.svg",
  price: 64.5,
  quantity: 0,
  minOrder: 2,
  maxPerOrder: 100,
  description: "A <b>bold</b> description",
  brand: null,
  category: null,
  mpn: null,
  sku: null,
  gtin: null,
  oemNumbers: [],
  universal: false,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
};

describe("JSON-LD", () => {
  const stats = { count: 8, ratedCount: 8, average: 4.1 };

  it("escapes < so text can never close the script element", () => {
    const json = serializeJsonLd(productJsonLd(part));
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
    expect(JSON.parse(json).name).toBe(part.partsname);
  });

  it("describes a Product with an Offer in USD and its availability", () => {
    const data = productJsonLd(part);
    expect(data).toMatchObject({
      "@type": "Product",
      sku: part._id,
      offers: { "@type": "Offer", price: "64.50", priceCurrency: "USD", availability: "https://schema.org/OutOfStock" },
    });
    expect(String(data.image)).toMatch(/^https?:\/\/.+\/parts\/brake-disc\.svg$/);
  });

  it("gives a part no rating: the shop's reviews rate the shop, so its rating is on the OnlineStore", () => {
    expect(JSON.stringify(productJsonLd(part))).not.toContain("aggregateRating");
    expect(onlineStoreJsonLd(stats)).toMatchObject({
      "@type": "OnlineStore",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.1, reviewCount: 8, bestRating: 5, worstRating: 1 },
    });
    expect(onlineStoreJsonLd({ count: 1, ratedCount: 0, average: null })).not.toHaveProperty("aggregateRating");
  });

  it("states the returns and shipping terms of the policy pages in every Offer", () => {
    expect(productJsonLd(part).offers).toMatchObject({
      hasMerchantReturnPolicy: {
        "@type": "MerchantReturnPolicy",
        applicableCountry: "US",
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: RETURN_POLICY.days,
        returnMethod: "https://schema.org/ReturnByMail",
        returnFees: "https://schema.org/FreeReturn",
        merchantReturnLink: absoluteUrl("/returns"),
      },
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingRate: { "@type": "MonetaryAmount", value: SHIPPING_POLICY.rate, currency: "USD" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
        deliveryTime: {
          "@type": "ShippingDeliveryTime",
          handlingTime: { minValue: SHIPPING_POLICY.handlingDays.min, maxValue: SHIPPING_POLICY.handlingDays.max, unitCode: "DAY" },
          transitTime: { minValue: SHIPPING_POLICY.transitDays.min, maxValue: SHIPPING_POLICY.transitDays.max, unitCode: "DAY" },
        },
      },
    });
  });
});

describe("image URLs", () => {
  it("renders only pictures the shop can show, else the placeholder", () => {
    expect(partImageSrc("/parts/brake-disc.svg")).toBe("/parts/brake-disc.svg");
    for (const bad of ["http://evil.example/x.png", "//evil.example/x.svg", "/parts/../secret.svg", "javascript:alert(1)", "", "/other/x.svg"]) {
      expect(partImageSrc(bad)).toBe(PART_PLACEHOLDER);
    }
  });

  it("gives the default avatar for missing or unsafe pictures", () => {
    expect(avatarSrc("")).toBe(DEFAULT_AVATAR);
    expect(avatarSrc("http://insecure.example/a.png")).toBe(DEFAULT_AVATAR);
    expect(avatarSrc("javascript:alert(1)")).toBe(DEFAULT_AVATAR);
    expect(avatarSrc("https://lh3.googleusercontent.com/a/photo")).toBe("https://lh3.googleusercontent.com/a/photo");
  });
});

describe("sitemap XML", () => {
  it("escapes URLs and writes lastmod", () => {
    const xml = renderUrlset([{ loc: "https://shop.example/parts?page=2&x=1", lastModified: "2026-01-01T00:00:00.000Z" }]);
    expect(xml).toContain("<loc>https://shop.example/parts?page=2&amp;x=1</loc>");
    expect(xml).toContain("<lastmod>2026-01-01T00:00:00.000Z</lastmod>");
    expect(renderSitemapIndex(["https://shop.example/sitemaps/0.xml"])).toContain("<sitemapindex");
  });
});

describe("sitemap URLs", () => {
  // 26 parts in catalogue order: 3 catalogue pages; each changed on its own day.
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
  const catalogue = Array.from({ length: 2 * CATALOGUE_PAGE_SIZE + 2 }, (_, i) => ({ _id: `p${i}`, updatedAt: day(i % 5 === 0 ? 40 + i : i) }));
  const urls = new Map(pageUrls(catalogue).map((url) => [url.loc, url.lastModified]));

  it("dates home and each catalogue page by the newest change of the parts on them", () => {
    expect(urls.get(absoluteUrl("/"))).toBe(day(40));
    expect(urls.get(absoluteUrl("/parts"))).toBe(day(50));
    expect(urls.get(absoluteUrl("/parts?page=2"))).toBe(day(60));
    expect(urls.get(absoluteUrl("/parts?page=3"))).toBe(day(65));
    expect(urls.get(absoluteUrl("/shipping"))).toBe(POLICIES_UPDATED);
    expect(urls.get(absoluteUrl("/returns"))).toBe(POLICIES_UPDATED);
  });

  it("names the home page as its canonical link does: the origin, no trailing slash", () => {
    expect(absoluteUrl("/")).toMatch(/^https?:\/\/[^/]+$/);
    expect(absoluteUrl("/parts")).toMatch(/^https?:\/\/[^/]+\/parts$/);
  });
});
