import { PART_CATEGORIES, type PartCategory } from "@/lib/vocabulary/categories";
import { PRICE_BANDS, type FacetFilters, priceBandOf } from "@/lib/catalogue/facets";
import type { SearchEntry } from "@/lib/parts/search-entry";
import type { FacetSpread } from "@/lib/catalogue/facet-counts";
import type { MenuEntry } from "@/models/menu-entries";

// The catalogue page's facet counts as it shows them: counted per value, from the parts' keys or
// from counts kept on write, then offered largest first with the chosen values kept.

export type FacetValue = { value: string; label: string; count: number };
export type FacetCounts = { categories: FacetValue[]; brands: FacetValue[]; prices: FacetValue[]; inStock: number };
export type FacetedPage = { ids: string[]; total: number; facets: FacetCounts };

/** How many brands the facet offers: the ones with the most parts. */
export const BRANDS_SHOWN = 20;

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.label.localeCompare(b.label);

export type Counts = { category: Map<string, number>; brand: Map<string, { name: string; count: number }>; price: Map<string, number> };

/**
 * A chosen value stays among its facet's values, 0 parts or not (a bookmarked filter the catalogue
 * has since emptied), so the page always offers to take it off again.
 */
function withChosen(values: FacetValue[], chosen: string | undefined, label: string | undefined): FacetValue[] {
  if (!chosen || values.some((value) => value.value === chosen)) return values;
  return [{ value: chosen, label: label ?? chosen, count: 0 }, ...values];
}

/** Counts of the values of each facet, given a count per value (values with none are left out, unless chosen). */
export function facetsOf(count: Counts, inStock: number, chosen: FacetFilters = {}, chosenBrandName?: string): FacetCounts {
  const categories = (Object.entries(PART_CATEGORIES) as [PartCategory, string][]).map(([value, label]) => ({ value, label, count: count.category.get(value) ?? 0 }));
  const prices = PRICE_BANDS.map((band) => ({ value: band.id, label: band.label, count: count.price.get(band.id) ?? 0 }));
  const brands = [...count.brand].map(([value, { name, count }]) => ({ value, label: name, count })).filter((facet) => facet.count > 0).sort(byCount).slice(0, BRANDS_SHOWN);
  const offered = (facet: FacetValue, value: string | undefined) => facet.count > 0 || facet.value === value;
  return {
    categories: categories.filter((facet) => offered(facet, chosen.category)),
    brands: withChosen(brands, chosen.brand, chosenBrandName),
    prices: prices.filter((facet) => offered(facet, chosen.price)),
    inStock,
  };
}

export const emptyCounts = (): Counts => ({ category: new Map(), brand: new Map(), price: new Map() });

/** Counts kept on write, the brands named as the brands' menu names them. */
export function countsFrom(spread: FacetSpread, brands: readonly MenuEntry[]): Counts {
  const names = new Map(brands.map((brand) => [brand.slug, brand.name]));
  return {
    category: new Map(Object.entries(spread.category)),
    brand: new Map(Object.entries(spread.brand).map(([slug, count]) => [slug, { name: names.get(slug) ?? slug, count }])),
    price: new Map(Object.entries(spread.price)),
  };
}

/** Adds (or, with -1, takes away) each key's values to the counts. */
export function tally(counts: Counts, keys: readonly SearchEntry[], sign = 1) {
  for (const key of keys) {
    if (key.category) counts.category.set(key.category, (counts.category.get(key.category) ?? 0) + sign);
    if (key.brand) {
      const known = counts.brand.get(key.brand);
      counts.brand.set(key.brand, { name: known?.name ?? key.brandName, count: (known?.count ?? 0) + sign });
    }
    const band = priceBandOf(key.priceCents);
    counts.price.set(band, (counts.price.get(band) ?? 0) + sign);
  }
  return counts;
}
