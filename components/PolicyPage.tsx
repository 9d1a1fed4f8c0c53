import { Breadcrumbs } from "@/components/Breadcrumbs";
import { formatDate } from "@/lib/site/format";
import { POLICIES_UPDATED } from "@/lib/site/policies";

/** A page of the shop's terms: its trail, title, date of the terms, and the terms themselves. */
export function PolicyPage({ title, path, children }: { title: string; path: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Breadcrumbs
        steps={[
          { name: "Home", path: "/" },
          { name: title, path },
        ]}
      />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-slate-700">{`Last updated ${formatDate(POLICIES_UPDATED)}.`}</p>
      <div className="mt-6 space-y-4 leading-relaxed text-slate-800">{children}</div>
    </div>
  );
}
