import Link from "next/link";
import { JsonLdScript } from "@/components/JsonLdScript";
import { breadcrumbJsonLd, serializeJsonLd } from "@/lib/catalogue/jsonld";

export type Crumb = { name: string; path: string };

/** A page's trail, for people (a nav, the last step the page itself) and for crawlers (a BreadcrumbList). */
export function Breadcrumbs({ steps }: { steps: Crumb[] }) {
  const last = steps.length - 1;
  return (
    <>
      <JsonLdScript json={serializeJsonLd(breadcrumbJsonLd(steps))} />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <ol className="flex flex-wrap gap-2 text-slate-700">
          {steps.map((step, i) =>
            i === last ? (
              <li key={step.path} aria-current="page">
                {step.name}
              </li>
            ) : (
              <li key={step.path}>
                <Link href={step.path} className="underline">
                  {step.name}
                </Link>{" "}
                <span aria-hidden="true">/</span>
              </li>
            ),
          )}
        </ol>
      </nav>
    </>
  );
}
