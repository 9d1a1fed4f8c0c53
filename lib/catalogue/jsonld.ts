import { PART_CATEGORIES } from "@/lib/vocabulary/categories";
import type { PartView } from "@/lib/catalogue/views";
import type { FitmentView } from "@/lib/fitment/queries";
import { shownPartImage } from "@/lib/catalogue/part-image-file";
import type { ReviewStats } from "@/lib/reviews/views";
import { RETURN_POLICY, SHIPPING_POLICY, SHOP_COUNTRY, SHOP_CURRENCY, type DayRange } from "@/lib/site/policies";
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

/** The returns page's terms as a schema.org MerchantReturnPolicy (lib/site/policies.ts). */
export function returnPolicyJsonLd(): JsonLd {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: SHOP_COUNTRY.code,
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: RETURN_POLICY.days,
    returnMethod: "https://schema.org/ReturnByMail",
    returnFees: RETURN_POLICY.freeReturnShipping ? "https://schema.org/FreeReturn" : "https://schema.org/ReturnShippingFees",
    merchantReturnLink: absoluteUrl("/returns"),
  };
}

const days = ({ min, max }: DayRange): JsonLd => ({ "@type": "QuantitativeValue", minValue: min, maxValue: max, unitCode: "DAY" });

/** The shipping page's terms as a schema.org OfferShippingDetails (lib/site/policies.ts). */
export function shippingDetailsJsonLd(): JsonLd {
  return {
    "@type": "OfferShippingDetails",
    shippingRate: { "@type": "MonetaryAmount", value: SHIPPING_POLICY.rate, currency: SHOP_CURRENCY },
    shippingDestination: { "@type": "DefinedRegion", addressCountry: SHOP_COUNTRY.code },
    deliveryTime: { "@type": "ShippingDeliveryTime", handlingTime: days(SHIPPING_POLICY.handlingDays), transitTime: days(SHIPPING_POLICY.transitDays) },
  };
}

/**
 * schema.org Product with its Offer (its returns and shipping terms included), numbers and the
 * vehicles it fits. No rating: the shop's reviews rate the shop, not a part, and a product's
 * rating must be about that product (the shop's is on the home page's OnlineStore).
 */
export function productJsonLd(part: PartView, fits: readonly FitmentView[] = []): JsonLd {
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
      priceCurrency: SHOP_CURRENCY,
      availability: part.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: part.minOrder },
      seller: { "@type": "OnlineStore", name: SITE_NAME, url: absoluteUrl("/") },
      hasMerchantReturnPolicy: returnPolicyJsonLd(),
      shippingDetails: shippingDetailsJsonLd(),
    },
  };
  if (fits.length > 0) product.isAccessoryOrSparePartFor = vehiclesOf(fits);
  return product;
}

/** schema.org OnlineStore: the shop, its terms, and the rating its reviews give it when one has stars. */
export function onlineStoreJsonLd(stats: ReviewStats | null): JsonLd {
  const store: JsonLd = {
    "@context": "https://schema.org",
    "@type": "OnlineStore",
    name: SITE_NAME,
    url: absoluteUrl("/"),
    hasMerchantReturnPolicy: returnPolicyJsonLd(),
  };
  if (stats && stats.average !== null && stats.ratedCount > 0) {
    store.aggregateRating = { "@type": "AggregateRating", ratingValue: stats.average, reviewCount: stats.ratedCount, bestRating: 5, worstRating: 1 };
  }
  return store;
}

/** schema.org BreadcrumbList of a page's trail: each step's name and path, the last the page itself. */
export function breadcrumbJsonLd(steps: { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: absoluteUrl(step.path) })),
  };
}
