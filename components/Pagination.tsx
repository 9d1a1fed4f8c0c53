import Link from "next/link";

type Props = { page: number; pageCount: number; hrefFor: (page: number) => string; label?: string };

/** Previous / numbered / next links; the current page is marked for screen readers. */
export function Pagination({ page, pageCount, hrefFor, label = "Catalogue pages" }: Props) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pageCount || Math.abs(p - page) <= 2,
  );
  const base = "inline-flex min-w-11 min-h-11 items-center justify-center rounded border px-3 text-sm font-medium";
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link href={hrefFor(page - 1)} rel="prev" className={`${base} border-slate-300 hover:bg-brand-50`}>
              Previous
            </Link>
          </li>
        ) : null}
        {pages.map((p, i) => (
          <li key={p} className="flex items-center gap-2">
            {i > 0 && p - pages[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
            {p === page ? (
              <span aria-current="page" className={`${base} border-brand-700 bg-brand-700 text-white`}>
                <span className="sr-only">Page </span>
                {p}
              </span>
            ) : (
              <Link href={hrefFor(p)} className={`${base} border-slate-300 hover:bg-brand-50`}>
                <span className="sr-only">Page </span>
                {p}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link href={hrefFor(page + 1)} rel="next" className={`${base} border-slate-300 hover:bg-brand-50`}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
