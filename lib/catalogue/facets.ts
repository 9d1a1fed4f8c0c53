import { PART_CATEGORIES, type PartCategory, isPartCategory } from "@/lib/vocabulary/categories";
import { PRICE_BANDS, type PriceBand } from "@/lib/catalogue/price-bands";

export { PRICE_BANDS, type PriceBand, isPriceBand } from "@/lib/catalogue/price-bands";

// The catalogue's facets: category, brand, price range and stock. Each value of the first three is an
// ordered list of the parts that have it (lib/catalogue/lists.ts), whose size is its count in the
// whole catalogue; within a search or a vehicle, the parts' keys carry the values themselves.

export function priceBandOf(priceCents: number): PriceBand {
  return [...PRICE_BANDS].reverse().find((band) => priceCents >= band.min)!.id;
}

export const categoryList = (category: PartCategory) => `category:${category}`;
export const brandList = (brandSlug: string) => `brand:${brandSlug}`;
export const priceBandList = (band: PriceBand) => `price-band:${band}`;
export const FACET_LIST_PREFIXES = ["category:", "brand:", "price-band:"] as const;

export const categoryName = (category: string): string | null => (isPartCategory(category) ? PART_CATEGORIES[category] : null);

/** The facet filters of a catalogue page; each one value at most (a customer narrows down, then widens again). */
export type FacetFilters = { category?: PartCategory; brand?: string; price?: PriceBand; inStock?: boolean };

export const hasFacetFilter = (filters: FacetFilters) => Boolean(filters.category || filters.brand || filters.price || filters.inStock);
