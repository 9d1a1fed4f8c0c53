import type { Metadata } from "next";
import Link from "next/link";
import { LinkPendingSpinner } from "@/components/FullScreenSpinner";
import { JsonLdScript } from "@/components/JsonLdScript";
import { PartImage } from "@/components/PartImage";
import { formatPrice } from "@/lib/site/format";
import { PartNumbers } from "@/components/PartNumbers";
import { Breadcrumbs } from "@/components/Breadcrumbs";
import { productJsonLd, serializeJsonLd } from "@/lib/catalogue/jsonld";
import { pageMetadata } from "@/lib/site/metadata";
import { shownPartImage } from "@/lib/catalogue/part-image-file";
import { getPart } from "@/lib/catalogue/part-page";
import type { PartView } from "@/lib/catalogue/views";
import { FitBadge } from "@/components/garage/FitBadge";
import type { FitVerdict } from "@/lib/garage/fit";
import { cachedPartFitment } from "@/lib/fitment/cached-reads";
import { PartFitment } from "@/components/PartFitment";
import { AddToCartForm } from "@/components/cart/AddToCartForm";
import { orderRange } from "@/components/cart/order-range";

const shorten = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** A part page's title, description, canonical address and picture, for both of its renderings. */
export async function partPageMetadata(id: string): Promise<Metadata> {
  const part = await getPart(id);
  if (!part) return { title: "Part not found", robots: { index: false } };
  return pageMetadata({
    title: part.partsname,
    description: shorten(`${formatPrice(part.price)} per unit. ${part.description}`),
    path: `/parts/${part._id}`,
    image: { url: shownPartImage(part.image), alt: part.partsname },
  });
}

/** A part's page; `fit` says whether it fits the customer's vehicle, when one is chosen. */
export async function PartPageView({ part, fit }: { part: PartView; fit?: FitVerdict }) {
  const fitment = await cachedPartFitment(part._id);
  const inStock = part.quantity > 0;
  const range = orderRange(part);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <JsonLdScript json={serializeJsonLd(productJsonLd(part, fitment.rows))} />
      <Breadcrumbs
        steps={[
          { name: "Home", path: "/" },
          { name: "Parts", path: "/parts" },
          { name: part.partsname, path: `/parts/${part._id}` },
        ]}
      />
      <div className="grid gap-10 md:grid-cols-2">
        {/* As tall as the picture, not as the details beside it. */}
        <div className="self-start overflow-hidden rounded-lg border border-slate-200">
          <PartImage image={part.image} alt={part.partsname} priority />
        </div>
        <div className="flex flex-col gap-5">
          <div>
            <h1 className="text-3xl font-bold">{part.partsname}</h1>
            {part.brand ? <p className="mt-1 text-slate-700">{`by ${part.brand}`}</p> : null}
          </div>
          <p className="text-3xl font-bold text-brand-700">
            {formatPrice(part.price)} <span className="text-base font-normal text-slate-700">per unit</span>
          </p>
          {fit ? <FitBadge verdict={fit} /> : null}
          <p className={`self-start rounded-full px-3 py-1 text-sm font-semibold ${inStock ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>
            {inStock ? "In stock" : "Out of stock"}
          </p>
          <p className="text-slate-800">{part.description}</p>
          <dl className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 text-sm">
            <dt className="text-slate-700">Minimum order</dt>
            <dd className="font-medium">{part.minOrder} {part.minOrder === 1 ? "unit" : "units"}</dd>
            <dt className="text-slate-700">Available</dt>
            <dd className="font-medium">{part.quantity} {part.quantity === 1 ? "unit" : "units"}</dd>
            <dt className="text-slate-700">Unit price</dt>
            <dd className="font-medium">{formatPrice(part.price)}</dd>
          </dl>
          <PartNumbers part={part} />
          <PartFitment partId={part._id} universal={part.universal} fits={fitment.rows} total={fitment.total} />
          {range ? <AddToCartForm partId={part._id} partsname={part.partsname} minOrder={range.min} maxOrder={range.max} className="max-w-sm" /> : null}
          {inStock ? (
            <Link
              href={`/purchase/${part._id}`}
              // The purchase page needs a signed-in customer: not worth prefetching for every visitor.
              prefetch={false}
              className="self-start rounded bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900"
            >
              Purchase Now
              <LinkPendingSpinner label="Loading the part…" />
            </Link>
          ) : (
            <p className="text-slate-700">This part is out of stock just now. Please check back soon.</p>
          )}
        </div>
      </div>
    </div>
  );
}
