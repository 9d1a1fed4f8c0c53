import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { CatalogueView, catalogueMetadata } from "@/components/CatalogueView";
import { cachedParts } from "@/lib/catalogue/cached-reads";
import { searchParts } from "@/lib/catalogue/queries";
import { catalogueHref, hasEmptyField, readCatalogueQuery } from "@/lib/catalogue/query-string";
import { catalogueVehicle } from "@/lib/garage/catalogue-vehicle";
import { fitVerdicts } from "@/lib/garage/fit";
import { cachedVehicleYears } from "@/lib/fitment/cached-reads";
import { didYouMean } from "@/lib/search/search";

// Searches, facets, and the catalogue of a browser that has chosen a vehicle: /parts without any is
// rewritten to the cached rendering in app/cached/[audience]/parts (lib/cache/cached-routes.ts). Free text is
// not cached (anyone could fill the cache with it), nor a vehicle's or the facets' views (thousands).
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  await connection();
  return catalogueMetadata(readCatalogueQuery(await searchParams));
}

export default async function CatalogueSearchPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const params = await searchParams;
  const query = readCatalogueQuery(params);
  // A plain GET form sends every field, the empty ones too: the address the customer sees is the shop's own.
  if (hasEmptyField(params)) redirect(catalogueHref(query));
  const shopping = await catalogueVehicle(query.vehicle);
  if (shopping.unknown) notFound();
  const { category, brand, price, inStock } = query;
  const vehicle = shopping.filtered ? shopping.vehicle : null;
  const result = await searchParts({ ...query, vehicle, ranking: shopping.vehicle, filters: { category, brand, price, inStock }, withFacets: true }, cachedParts);
  if (query.page > result.pageCount) notFound();
  // A search that found nothing offers the closest query that finds parts, and the vehicle's categories to browse.
  const nothing = result.total === 0 && Boolean(query.q);
  const [fit, years, suggestion, browse] = await Promise.all([
    shopping.vehicle ? fitVerdicts(result.parts, shopping.vehicle) : undefined,
    cachedVehicleYears(),
    nothing ? didYouMean(query.q) : null,
    nothing && shopping.vehicle ? searchParts({ vehicle: shopping.vehicle, withFacets: true, pageSize: 1 }).then((all) => all.facets?.categories.filter((value) => value.count > 0) ?? []) : [],
  ]);
  return <CatalogueView query={query} result={result} shopping={shopping} fit={fit} years={years} didYouMean={suggestion} vehicleCategories={browse} />;
}
