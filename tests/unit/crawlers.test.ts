import { describe, expect, it } from "vitest";
import type { PartView } from "@/lib/catalogue/views";
import { avatarSrc, DEFAULT_AVATAR, PART_PLACEHOLDER, partImageSrc } from "@/lib/catalogue/images";
import { productJsonLd, serializeJsonLd } from "@/lib/catalogue/jsonld";
import { renderSitemapIndex, renderUrlset } from "@/lib/catalogue/sitemap";

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
  it("escapes < so text can never close the script element", () => {
    const json = serializeJsonLd(productJsonLd(part, null));
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
    expect(JSON.parse(json).name).toBe(part.partsname);
  });

  it("describes a Product with an Offer in USD and its availability", () => {
    const data = productJsonLd(part, { count: 3, ratedCount: 2, average: 4.5 });
    expect(data).toMatchObject({
      "@type": "Product",
      sku: part._id,
      offers: { "@type": "Offer", price: "64.50", priceCurrency: "USD", availability: "https://schema.org/OutOfStock" },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2 },
    });
    expect(String(data.image)).toMatch(/^https?:\/\/.+\/parts\/brake-disc\.svg$/);
  });

  it("leaves the rating out when no review has stars", () => {
    expect(productJsonLd(part, { count: 1, ratedCount: 0, average: null })).not.toHaveProperty("aggregateRating");
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
