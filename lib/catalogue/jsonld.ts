import type { PartView } from "@/lib/catalogue/views";
import { shownPartImage } from "@/lib/catalogue/part-image-file";
import type { ReviewStats } from "@/lib/reviews/queries";
import { absoluteUrl, SITE_NAME } from "@/lib/site/site";

type JsonLd = { [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonValue[] | JsonLd;

/**
 * JSON for a <script type="application/ld+json">: `<` is written as \u003c so text such as
 * "</script>" in a part description can never close the script element.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** schema.org Product with its Offer, plus the shop's review rating when there is one. */
export function productJsonLd(part: PartView, stats: ReviewStats | null): JsonLd {
  const url = absoluteUrl(`/parts/${part._id}`);
  const product: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: part.partsname,
    description: part.description,
    image: absoluteUrl(shownPartImage(part.image)),
    sku: part._id,
    url,
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: {
      "@type": "Offer",
      url,
      price: part.price.toFixed(2),
      priceCurrency: "USD",
      availability: part.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: part.minOrder },
      seller: { "@type": "Organization", name: SITE_NAME },
    },
  };
  // The reviews are of the shop, not of one part: the issue asks for the site's rating here.
  if (stats && stats.average !== null && stats.ratedCount > 0) {
    product.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: stats.average,
      reviewCount: stats.ratedCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return product;
}
