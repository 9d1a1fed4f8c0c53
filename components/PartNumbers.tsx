import { PART_CATEGORIES } from "@/lib/vocabulary/categories";
import type { PartView } from "@/lib/catalogue/views";

/** A part page's brand, category and numbers: what a mechanic checks against the old part or the car maker's catalogue. */
export function PartNumbers({ part }: { part: PartView }) {
  const rows: [string, string][] = [];
  if (part.brand) rows.push(["Brand", part.brand]);
  if (part.category) rows.push(["Category", PART_CATEGORIES[part.category]]);
  if (part.mpn) rows.push(["Manufacturer part number", part.mpn]);
  if (part.sku) rows.push(["SKU", part.sku]);
  if (part.gtin) rows.push(["GTIN", part.gtin]);
  if (part.oemNumbers.length > 0) rows.push([part.oemNumbers.length === 1 ? "OEM / interchange number" : "OEM / interchange numbers", part.oemNumbers.join(", ")]);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="part-numbers">
      <h2 id="part-numbers" className="text-lg font-semibold">
        Part details
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
