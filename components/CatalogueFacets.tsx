import Link from "next/link";
import type { FacetCounts, FacetValue } from "@/lib/catalogue/faceted-search";
import { catalogueHref, type CatalogueQuery } from "@/lib/catalogue/query-string";

type Group = { name: string; key: "category" | "brand" | "price"; values: FacetValue[] };

const CHIP = "inline-flex min-h-11 items-center gap-1 rounded-full border px-3 text-sm";

/** The facets as links (no JavaScript needed): each value narrows the page; a chosen one widens it again. */
export function CatalogueFacets({ query, facets }: { query: CatalogueQuery; facets: FacetCounts }) {
  const href = (change: Partial<CatalogueQuery>) => catalogueHref({ ...query, ...change, page: 1 });
  const groups: Group[] = [
    { name: "Category", key: "category", values: facets.categories },
    { name: "Brand", key: "brand", values: facets.brands },
    { name: "Price", key: "price", values: facets.prices },
  ];
  return (
    <nav aria-label="Filters" className="flex flex-col gap-4">
      {groups.map((group) => {
        const chosen = query[group.key];
        if (group.values.length === 0 && !chosen) return null;
        return (
          <details key={group.key} open className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer font-semibold">{group.name}</summary>
            <ul className="mt-2 flex flex-wrap gap-2">
              {group.values.map((value) =>
                value.value === chosen ? (
                  <li key={value.value}>
                    <Link href={href({ [group.key]: undefined })} prefetch={false} aria-label={`Remove the filter ${group.name}: ${value.label}`} className={`${CHIP} border-brand-700 bg-brand-700 font-semibold text-white`}>
                      {value.label} ({value.count}) <span aria-hidden="true">✕</span>
                    </Link>
                  </li>
                ) : (
                  <li key={value.value}>
                    <Link href={href({ [group.key]: value.value })} prefetch={false} className={`${CHIP} border-slate-300 hover:bg-brand-50`}>
                      {value.label} ({value.count})
                    </Link>
                  </li>
                ),
              )}
            </ul>
          </details>
        );
      })}
      <div className="rounded-lg border border-slate-200 p-3">
        <p className="font-semibold">Availability</p>
        {query.inStock ? (
          <Link href={href({ inStock: undefined })} prefetch={false} aria-label="Remove the filter Availability: In stock only" className={`${CHIP} mt-2 border-brand-700 bg-brand-700 font-semibold text-white`}>
            In stock only ({facets.inStock}) <span aria-hidden="true">✕</span>
          </Link>
        ) : (
          <Link href={href({ inStock: true })} prefetch={false} className={`${CHIP} mt-2 border-slate-300 hover:bg-brand-50`}>
            In stock only ({facets.inStock})
          </Link>
        )}
      </div>
    </nav>
  );
}
