// The catalogue's URL query (/parts?q=&sort=&page=), read by the pages and, for the sorts, by the
// rewrites to the cached catalogue (lib/cache/cached-routes.ts). Kept free of imports: next.config.ts
// loads it.

export const MAX_SEARCH_LENGTH = 100;
export const PART_SORTS = ["price-asc", "price-desc", "name"] as const;
export type PartSort = (typeof PART_SORTS)[number];

export function isPartSort(value: unknown): value is PartSort {
  return typeof value === "string" && (PART_SORTS as readonly string[]).includes(value);
}

export type CatalogueQuery = { q: string; page: number; sort: PartSort | undefined };
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
  return { q, page: readPageNumber(first(params.page)), sort: isPartSort(sortText) ? sortText : undefined };
}

export function catalogueHref({ q, page, sort }: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/parts?${query}` : "/parts";
}

/** Path segment of the cached catalogue for the plain catalogue order. */
export const CATALOGUE_ORDER = "catalogue";
