import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CatalogueView, catalogueMetadata } from "@/components/CatalogueView";
import { CATALOGUE_PAGE_SIZE } from "@/lib/catalogue/queries";
import { CATALOGUE_ORDER, isPartSort, type CatalogueQuery } from "@/lib/catalogue/query-string";
import { cachedPageNumber, pageCount } from "@/lib/cache/cached-routes";
import { cachedCataloguePage, cachedPartCount } from "@/lib/catalogue/cached-reads";
import { cachedVehicleYears } from "@/lib/fitment/cached-reads";

// /parts without a search text, rewritten here (lib/cache/cached-routes.ts: /parts?sort=name&page=2 -> /cached/parts/name/2).
// Rendered on first request, then served from the cache until a part or stock write expires the
// "parts" tag. Nothing is rendered at build time: the database and the site URL are runtime things.
type Params = Promise<{ sort: string; page: string }>;

export function generateStaticParams(): { sort: string; page: string }[] {
  return [];
}

async function readParams(params: Params): Promise<CatalogueQuery | null> {
  const { sort, page } = await params;
  if (sort !== CATALOGUE_ORDER && !isPartSort(sort)) return null;
  const pageNumber = cachedPageNumber(page);
  if (pageNumber === null) return null;
  return { q: "", page: pageNumber, sort: isPartSort(sort) ? sort : undefined };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const query = await readParams(params);
  return query ? catalogueMetadata(query) : {};
}

export default async function CataloguePage({ params }: { params: Params }) {
  const query = await readParams(params);
  // A page past the last is refused before its page is read, so it leaves no entry in the data cache.
  if (!query || query.page > pageCount(await cachedPartCount(), CATALOGUE_PAGE_SIZE)) notFound();
  const [result, years] = await Promise.all([cachedCataloguePage({ page: query.page, sort: query.sort, withFacets: true }), cachedVehicleYears()]);
  return <CatalogueView query={query} result={result} years={years} />;
}
