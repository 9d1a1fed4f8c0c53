import { PART_CATEGORIES } from "@/lib/catalogue/categories";
import type { PartView } from "@/lib/catalogue/views";
import type { FitmentView } from "@/lib/fitment/queries";
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

/** The numbers a search engine matches a product by: schema.org names a GTIN's property by its length. */
function identifiers(part: PartView): JsonLd {
  const ids: JsonLd = { sku: part.sku ?? part._id };
  if (part.mpn) ids.mpn = part.mpn;
  if (part.gtin) ids[`gtin${part.gtin.length}`] = part.gtin;
  if (part.brand) ids.brand = { "@type": "Brand", name: part.brand };
  if (part.category) ids.category = PART_CATEGORIES[part.category];
  return ids;
}

/** The vehicles a part is a spare part for: schema.org Vehicles (the first model years its page lists). */
const vehiclesOf = (fits: readonly FitmentView[]): JsonLd[] =>
  fits.map((fit) => ({ "@type": "Vehicle", name: fit.label, brand: { "@type": "Brand", name: fit.makeName }, model: fit.modelName, vehicleModelDate: String(fit.year) }));

/** schema.org Product with its Offer, numbers and the vehicles it fits, plus the shop's review rating when there is one. */
export function productJsonLd(part: PartView, stats: ReviewStats | null, fits: readonly FitmentView[] = []): JsonLd {
  const url = absoluteUrl(`/parts/${part._id}`);
  const product: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: part.partsname,
    description: part.description,
    image: absoluteUrl(shownPartImage(part.image)),
    ...identifiers(part),
    url,
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
  if (fits.length > 0) product.isAccessoryOrSparePartFor = vehiclesOf(fits);
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

/** schema.org BreadcrumbList of a page's trail: each step's name and path, the last the page itself. */
export function breadcrumbJsonLd(steps: { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: absoluteUrl(step.path) })),
  };
}
