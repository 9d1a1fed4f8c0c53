import type { Metadata } from "next";
import Link from "next/link";
import { Pagination } from "@/components/Pagination";
import { PartGrid } from "@/components/PartGrid";
import { CatalogueFacets } from "@/components/CatalogueFacets";
import type { PartSearchResult } from "@/lib/catalogue/queries";
import { MAX_SEARCH_LENGTH, catalogueHref, type CatalogueQuery, type PartSort } from "@/lib/catalogue/query-string";
import { pageMetadata } from "@/lib/site/metadata";
import { VehicleBar } from "@/components/garage/VehicleBar";
import { VehicleSelector } from "@/components/VehicleSelector";
import { EVERY_VEHICLE } from "@/lib/garage/chosen-vehicle";
import type { CatalogueVehicle } from "@/lib/garage/catalogue-vehicle";
import type { FitVerdict } from "@/lib/garage/fit";
import type { FacetValue } from "@/lib/catalogue/faceted-search";
import { highlightRanges } from "@/lib/search/highlight";

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
    // Sorted listings are the same parts in another order: they point at the plain page. Search
    // results are not indexed, nor a vehicle's (its own page at /vehicles/… is) or a facet's.
    path: catalogueHref({ q: "", page: query.page, sort: undefined }),
    image: { url: "/parts/brake-disc.svg", alt: "Vented front brake disc" },
    noindex: Boolean(query.q || query.vehicle || query.category || query.brand || query.price || query.inStock),
  });
}

type Props = {
  query: CatalogueQuery;
  result: PartSearchResult;
  /** The vehicle the customer shops for, and whether the page is filtered by it; none on the cached pages. */
  shopping?: CatalogueVehicle;
  fit?: Map<string, FitVerdict>;
  /** The selector's years, offered when no vehicle is chosen. */
  years: number[];
  /** For a search that found nothing: the closest query that finds parts, and the chosen vehicle's categories. */
  didYouMean?: string | null;
  vehicleCategories?: FacetValue[];
};

/** What a search that found nothing offers instead: a corrected query, the vehicle's categories. */
function NothingFound({ query, didYouMean, vehicleCategories = [], vehicleLabel }: { query: CatalogueQuery; didYouMean?: string | null; vehicleCategories?: FacetValue[]; vehicleLabel?: string }) {
  if (!didYouMean && vehicleCategories.length === 0) return null;
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      {didYouMean ? (
        <p className="text-lg">
          Did you mean{" "}
          <Link href={catalogueHref({ ...query, q: didYouMean, page: 1 })} className="font-semibold text-brand-700 underline">
            {didYouMean}
          </Link>
          ?
        </p>
      ) : null}
      {vehicleCategories.length > 0 ? (
        <nav aria-label={`Categories for your ${vehicleLabel ?? "vehicle"}`} className={didYouMean ? "mt-3" : ""}>
          <p className="font-medium">Browse the parts for your {vehicleLabel ?? "vehicle"}:</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {vehicleCategories.map((category) => (
              <li key={category.value}>
                <Link href={catalogueHref({ ...query, q: "", category: category.value as CatalogueQuery["category"], page: 1 })} className="inline-block rounded border border-slate-300 px-3 py-1 text-brand-700 hover:bg-slate-50">
                  {category.label} ({category.count})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** The vehicle bar of a catalogue page for a vehicle: what it shows, and the way to the other view. */
function CatalogueVehicleBar({ query, shopping }: { query: CatalogueQuery; shopping: CatalogueVehicle }) {
  const { vehicle, filtered } = shopping;
  if (!vehicle) return null;
  const first = { ...query, page: 1 };
  const links = filtered
    ? [{ href: catalogueHref({ ...first, vehicle: EVERY_VEHICLE }), label: "Show all parts" }]
    : [{ href: catalogueHref({ ...first, vehicle: vehicle.text }), label: "Show only parts that fit" }];
  return <VehicleBar label={vehicle.label} note={filtered ? "Showing the parts that fit it." : "Showing every part."} links={links} next="/parts" />;
}

/** The narrowing a new search keeps: the vehicle and the facets, as the query writes them. */
function hiddenFields(query: CatalogueQuery): [string, string][] {
  const params = new URLSearchParams(catalogueHref({ ...query, q: "", sort: undefined, page: 1 }).split("?")[1] ?? "");
  return [...params];
}

/** What the count line says: how many of how many, of the search and of the vehicle. */
function countText(query: CatalogueQuery, result: PartSearchResult, fitting: string | null): string {
  const matching = query.q ? ` matching “${query.q}”` : "";
  if (result.total === 0) {
    const filtered = Boolean(query.category || query.brand || query.price || query.inStock);
    if (fitting) return query.q || filtered ? `No parts${matching}${filtered ? " with these filters" : ""} fit your ${fitting}.` : `No parts fit your ${fitting} yet.`;
    if (filtered) return `No parts${matching} match these filters.`;
    return query.q ? `No parts match “${query.q}”.` : "No parts in the catalogue yet.";
  }
  const firstShown = (result.page - 1) * result.pageSize + 1;
  const lastShown = firstShown + result.parts.length - 1;
  const fits = fitting ? ` that fit your ${fitting}` : "";
  // A search of very common words reads the start of their lists only (docs/decisions.md): its count is of what it read.
  const more = result.complete === false ? "+" : "";
  return `Showing ${firstShown}–${lastShown} of ${result.total}${more} ${result.total === 1 && !more ? "part" : "parts"}${matching}${fits}.`;
}

/** One page of /parts: the search form, the vehicle, the count, the cards and the pagination. */
export function CatalogueView({ query, result, shopping, fit, years, didYouMean, vehicleCategories }: Props) {
  const fitting = shopping?.filtered && shopping.vehicle ? shopping.vehicle.label : null;
  const plan = result.plan;
  const highlights = plan ? new Map(result.parts.map((part) => [part._id, highlightRanges(part.partsname, plan)])) : undefined;
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
      {shopping?.vehicle ? (
        <CatalogueVehicleBar query={query} shopping={shopping} />
      ) : years.length > 0 ? (
        <div className="mt-6">
          <VehicleSelector state={{ years, makes: [], models: [], vehicle: null }} />
        </div>
      ) : null}

      <form role="search" action="/parts" method="get" className="mt-6 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end">
        {hiddenFields(query).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
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
        {countText(query, result, fitting)}
        {query.q ? (
          <>
            {" "}
            <Link href={catalogueHref({ ...query, q: "", page: 1 })} className="font-medium text-brand-700 underline">
              Clear the search
            </Link>
          </>
        ) : null}
      </p>
      {result.total === 0 && query.q ? <NothingFound query={query} didYouMean={didYouMean} vehicleCategories={vehicleCategories} vehicleLabel={shopping?.vehicle?.label} /> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        {result.facets ? <CatalogueFacets query={query} facets={result.facets} /> : <div />}
        <div>
          <PartGrid parts={result.parts} fit={fit} highlights={highlights} />
          <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => catalogueHref({ ...query, page })} />
        </div>
      </div>
    </div>
  );
}
