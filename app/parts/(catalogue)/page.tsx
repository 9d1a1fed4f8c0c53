import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { CatalogueView, catalogueMetadata } from "@/components/CatalogueView";
import { searchParts } from "@/lib/catalogue/queries";
import { readCatalogueQuery } from "@/lib/catalogue/query-string";

// Searches only: /parts without a search text is rewritten to the cached rendering in
// app/cached/parts (lib/cache/cached-routes.ts). Free text is not cached (anyone could fill the cache with it).
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  await connection();
  return catalogueMetadata(readCatalogueQuery(await searchParams));
}

export default async function CatalogueSearchPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const query = readCatalogueQuery(await searchParams);
  const result = await searchParts(query);
  if (query.page > result.pageCount) notFound();
  return <CatalogueView query={query} result={result} />;
}
