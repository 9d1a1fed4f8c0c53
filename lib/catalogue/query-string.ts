// The catalogue's URL query (/parts?q=&sort=&page=, the vehicle and the facets), read by the pages
// and, for the sorts, by the rewrites to the cached catalogue (lib/cache/cached-routes.ts). Imports
// only files free of imports: next.config.ts loads it.

import { isPartCategory, type PartCategory } from "../vocabulary/categories";
import { isPriceBand, type PriceBand } from "./price-bands";

export const MAX_SEARCH_LENGTH = 100;
export const PART_SORTS = ["price-asc", "price-desc", "name"] as const;
export type PartSort = (typeof PART_SORTS)[number];

export function isPartSort(value: unknown): value is PartSort {
  return typeof value === "string" && (PART_SORTS as readonly string[]).includes(value);
}

/**
 * `vehicle`: the vehicle to filter by as lib/garage/chosen-vehicle.ts writes it (2015/honda/civic),
 * or "any" for every part even when the browser has a vehicle chosen; undefined: the chosen one, if any.
 */
export type CatalogueQuery = {
  q: string;
  page: number;
  sort: PartSort | undefined;
  vehicle?: string;
  /** The facets (lib/catalogue/facets.ts): a category slug, a brand slug, a price range, in stock only. */
  category?: PartCategory;
  brand?: string;
  price?: PriceBand;
  inStock?: boolean;
};
/** The query's keys that narrow the catalogue: any of them makes /parts a page rendered per request. */
export const NARROWING_KEYS = ["q", "vehicle", "category", "brand", "price", "stock"] as const;
const BRAND_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const VEHICLE_TEXT = /^(any|\d{4}(\/[a-z0-9-]{1,60}){2,3})$/;
type RawParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A page number as the catalogue accepts it: 1 to 6 digits, above 0; anything else is page 1. */
export function readPageNumber(text: string | undefined): number {
  const pageText = text ?? "1";
  return /^\d{1,6}$/.test(pageText) && Number(pageText) > 0 ? Number(pageText) : 1;
}

export function readCatalogueQuery(params: RawParams): CatalogueQuery {
  const q = (first(params.q) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const sortText = first(params.sort);
  const [vehicle, category, brand, price] = [first(params.vehicle), first(params.category), first(params.brand), first(params.price)];
  return {
    q,
    page: readPageNumber(first(params.page)),
    sort: isPartSort(sortText) ? sortText : undefined,
    vehicle: vehicle && VEHICLE_TEXT.test(vehicle) ? vehicle : undefined,
    category: isPartCategory(category) ? category : undefined,
    brand: brand && brand.length <= 60 && BRAND_SLUG.test(brand) ? brand : undefined,
    price: isPriceBand(price) ? price : undefined,
    inStock: first(params.stock) === "in" || undefined,
  };
}

/** A field the search form sent empty ("&sort=" for the catalogue order): not part of the address. */
export const hasEmptyField = (params: RawParams): boolean => Object.values(params).some((value) => value === "" || (Array.isArray(value) && value.includes("")));

export function catalogueHref({ q, page, sort, vehicle, category, brand, price, inStock }: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (vehicle) params.set("vehicle", vehicle);
  if (category) params.set("category", category);
  if (brand) params.set("brand", brand);
  if (price) params.set("price", price);
  if (inStock) params.set("stock", "in");
  if (sort) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/parts?${query}` : "/parts";
}

/** Path segment of the cached catalogue for the plain catalogue order. */
export const CATALOGUE_ORDER = "catalogue";
