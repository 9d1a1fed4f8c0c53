import type { Metadata } from "next";
import Link from "next/link";
import { Pagination } from "@/components/Pagination";
import { PartGrid } from "@/components/PartGrid";
import type { PartSearchResult } from "@/lib/catalogue/queries";
import { MAX_SEARCH_LENGTH, catalogueHref, type CatalogueQuery, type PartSort } from "@/lib/catalogue/query-string";
import { pageMetadata } from "@/lib/site/metadata";

const SORT_LABELS: Record<PartSort, string> = {
  "price-asc": "Price, low to high",
  "price-desc": "Price, high to low",
  name: "Name, A to Z",
};

export function catalogueMetadata(query: CatalogueQuery): Metadata {
  const pageSuffix = query.page > 1 ? ` (page ${query.page})` : "";
  return pageMetadata({
    title: query.q ? `Search results for “${query.q}”` : `Car parts catalogue${pageSuffix}`,
    description: "Every part in the shop: brakes, filters, ignition, electrics, cooling and more, with stock, minimum order and unit price.",
    // Sorted listings are the same parts in another order: they point at the plain page. Search results are not indexed.
    path: catalogueHref({ q: "", page: query.page, sort: undefined }),
    image: { url: "/parts/brake-disc.svg", alt: "Vented front brake disc" },
    noindex: Boolean(query.q),
  });
}

/** One page of /parts: the search form, the count, the cards and the pagination. */
export function CatalogueView({ query, result }: { query: CatalogueQuery; result: PartSearchResult }) {
  const firstShown = (result.page - 1) * result.pageSize + 1;
  const lastShown = firstShown + result.parts.length - 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Car parts catalogue</h1>
      <p className="mt-2 text-slate-700">
        Every part we stock, with honest availability and prices per unit.{" "}
        <Link href="/vehicle" className="font-medium text-brand-700 underline">
          Shop by vehicle
        </Link>{" "}
        to see only the parts that fit your car.
      </p>

      <form role="search" action="/parts" method="get" className="mt-6 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="catalogue-q" className="text-sm font-medium text-slate-800">Search parts</label>
          <input
            id="catalogue-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="e.g. brake, filter, battery"
            className="rounded border border-slate-400 bg-white px-3 py-2"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="catalogue-sort" className="text-sm font-medium text-slate-800">Sort by</label>
          <select id="catalogue-sort" name="sort" defaultValue={query.sort ?? ""} className="rounded border border-slate-400 bg-white px-3 py-2">
            <option value="">Catalogue order</option>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
          Show parts
        </button>
      </form>

      <p role="status" className="mt-6 text-slate-700">
        {result.total === 0
          ? query.q
            ? `No parts match “${query.q}”.`
            : "No parts in the catalogue yet."
          : `Showing ${firstShown}–${lastShown} of ${result.total} ${result.total === 1 ? "part" : "parts"}${query.q ? ` matching “${query.q}”` : ""}.`}
        {query.q ? (
          <>
            {" "}
            <Link href={catalogueHref({ q: "", page: 1, sort: query.sort })} className="font-medium text-brand-700 underline">
              Clear the search
            </Link>
          </>
        ) : null}
      </p>

      <PartGrid parts={result.parts} />

      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => catalogueHref({ ...query, page })} />
    </div>
  );
}
