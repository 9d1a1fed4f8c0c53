import Link from "next/link";
import { LinkPendingSpinner } from "@/components/FullScreenSpinner";
import { PartImage } from "@/components/PartImage";
import { AddToCartForm } from "@/components/cart/AddToCartForm";
import { orderRange } from "@/components/cart/order-range";
import type { PartView } from "@/lib/catalogue/views";
import { FitBadge } from "@/components/garage/FitBadge";
import type { FitVerdict } from "@/lib/garage/fit";
import { formatPrice } from "@/lib/site/format";
import type { Range } from "@/lib/search/highlight";

/** `fit`: whether it fits the customer's vehicle, when one is chosen; `highlight`: the parts of its name a search matched. */
type Props = { part: PartView; headingLevel?: "h2" | "h3"; priority?: boolean; fit?: FitVerdict; highlight?: readonly Range[] };

/** A name with the ranges a search matched in <mark>. */
function MarkedName({ name, ranges }: { name: string; ranges: readonly Range[] }) {
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start > at) pieces.push(name.slice(at, start));
    pieces.push(<mark key={start} className="rounded-sm bg-amber-100 px-0.5 text-inherit">{name.slice(start, end)}</mark>);
    at = end;
  }
  pieces.push(name.slice(at));
  return <>{pieces}</>;
}

export function PartCard({ part, headingLevel = "h3", priority, fit, highlight }: Props) {
  const Heading = headingLevel;
  const range = orderRange(part);
  return (
    <article className="flex h-full w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <PartImage image={part.image} alt={part.partsname} priority={priority} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg font-semibold">
          <Link href={`/parts/${part._id}`} className="hover:text-brand-700 hover:underline">
            {highlight && highlight.length > 0 ? <MarkedName name={part.partsname} ranges={highlight} /> : part.partsname}
          </Link>
        </Heading>
        {part.brand || part.mpn ? <p className="text-sm text-slate-600">{[part.brand, part.mpn && `Part no. ${part.mpn}`].filter(Boolean).join(" · ")}</p> : null}
        {fit ? <FitBadge verdict={fit} /> : null}
        <p className="line-clamp-3 text-sm text-slate-700">{part.description}</p>
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="text-slate-600">Minimum order</dt>
          <dd>{part.minOrder}</dd>
          <dt className="text-slate-600">Available</dt>
          <dd>{part.quantity}</dd>
          <dt className="text-slate-600">Unit price</dt>
          <dd className="font-semibold">{formatPrice(part.price)}</dd>
        </dl>
        {range ? <AddToCartForm partId={part._id} partsname={part.partsname} minOrder={range.min} maxOrder={range.max} className="mt-auto" /> : null}
        <Link
          href={`/purchase/${part._id}`}
          // Purchase pages need a signed-in customer: no point prefetching one per card.
          prefetch={false}
          aria-label={`Purchase Now: ${part.partsname}`}
          className={`${range ? "" : "mt-auto "}inline-block rounded bg-brand-700 px-4 py-2 text-center font-semibold text-white hover:bg-brand-900`}
        >
          Purchase Now
          <LinkPendingSpinner label="Loading the part…" />
        </Link>
      </div>
    </article>
  );
}
