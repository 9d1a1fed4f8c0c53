import { isPartCategory } from "@/lib/vocabulary/categories";
import { addedAt, priceCents, type SortedPart } from "@/lib/parts/listed-part";
import { foldText, slugOf } from "@/lib/vocabulary/names";
import type { Entry } from "@/lib/storage/ordered-lists";

// A part's search entry: catalogue order first, then the price and name a sorted search orders by,
// and the category and brand its facets count, all in memory, without reading the parts. The
// lists of a search term, a part number, a facet value and of the parts that fit a vehicle hold it,
// so they page, sort and count alike.

export const SEARCH_FIELDS = { addedAt: "number", id: "text", priceCents: "number", name: "text", category: "text", brand: "text", brandName: "text" } as const;
export type SearchEntry = Entry<typeof SEARCH_FIELDS>;

/** A brand's slug: how URLs and lists name it ("Bosch", "BOSCH" and "bosch" are one brand). */
export const brandSlugOf = (brand: string | null | undefined): string => (brand ? slugOf(brand) : "");

export function searchEntry(part: SortedPart): SearchEntry {
  const brand = part.brand?.trim() ?? "";
  return {
    addedAt: addedAt(part),
    id: String(part._id),
    priceCents: priceCents(part.price),
    name: foldText(part.partsname),
    category: isPartCategory(part.category) ? part.category : "",
    brand: brandSlugOf(brand),
    brandName: brand,
  };
}

/** Whether two search entries are one: a part's entry moves in its lists only when it changed. */
export const sameSearchEntry = (a: SearchEntry, b: SearchEntry): boolean => (Object.keys(SEARCH_FIELDS) as (keyof SearchEntry)[]).every((field) => a[field] === b[field]);
