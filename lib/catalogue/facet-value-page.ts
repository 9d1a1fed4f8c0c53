import "server-only";
import { knownBrands } from "@/lib/catalogue/brands";
import { readFacetCounts } from "@/lib/catalogue/facet-counts";
import { type FacetedPage, countsFrom, facetsOf, tally } from "@/lib/catalogue/facet-tally";
import type { FacetFilters } from "@/lib/catalogue/facets";
import { SORT_ORDERS, facetSortList, facetValueListsOf } from "@/lib/catalogue/lists";
import type { PartSort } from "@/lib/catalogue/query-string";
import type { SortedPart } from "@/lib/parts/listed-part";
import { searchEntry } from "@/lib/parts/search-entry";

// The catalogue narrowed by one facet value alone (a category, a brand or a price range), however
// many parts have it: the page is a page of the value's list in the sort's order, and the facets
// are counted from the counts its list keeps (lib/catalogue/facet-counts.ts) less its parts out of
// stock. A few reads, whatever the size of the value or of the catalogue.

/**
 * The page, or null when the value's list is not counted or its sorted list does not hold as many
 * parts (a database from before them, until `npm run reindex`): the caller then counts from the keys.
 */
export async function facetValuePage(valueList: string, { sort, filters }: { sort?: PartSort; filters: FacetFilters }, offset: number, limit: number, outOfStock: SortedPart[]): Promise<FacetedPage | null> {
  const { order, descending } = SORT_ORDERS[sort ?? "catalogue"];
  const list = facetSortList(valueList, order);
  const [spread, sorted, brands] = await Promise.all([readFacetCounts(valueList), order === "catalogue" ? null : list.size(), knownBrands()]);
  if (!spread || (sorted !== null && sorted !== spread.total)) return null;
  const listed = spread.total;

  const counts = countsFrom(spread, brands);
  const soldOut = outOfStock.filter((part) => facetValueListsOf(part).includes(valueList));
  const inStock = listed - soldOut.length;
  let ids: string[];
  if (filters.inStock) {
    tally(counts, soldOut.map(searchEntry), -1);
    ids = await list.pageLeavingOut({ offset, limit, descending }, soldOut);
  } else {
    ids = (await list.idPage({ offset, limit, descending })).ids;
  }
  const chosenBrand = filters.brand ? brands.find((brand) => brand.slug === filters.brand)?.name : undefined;
  return { ids, total: filters.inStock ? inStock : listed, facets: facetsOf(counts, inStock, filters, chosenBrand) };
}
