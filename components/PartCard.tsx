import Link from "next/link";
import type { PartView } from "@/lib/catalogue";

export function PartCard({ part }: { part: PartView }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 shadow-sm">
      {/* eslint-disable-next-line @next/next/no-img-element -- local SVG illustrations; next/image arrives with the public-pages work */}
      <img src={part.image} alt={part.partsname} width={400} height={300} className="aspect-[4/3] w-full bg-slate-50 object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold">{part.partsname}</h3>
        <p className="text-sm text-slate-700">{part.description}</p>
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="text-slate-600">Minimum order</dt>
          <dd>{part.minOrder}</dd>
          <dt className="text-slate-600">Available</dt>
          <dd>{part.quantity}</dd>
          <dt className="text-slate-600">Unit price</dt>
          <dd className="font-semibold">${part.price}</dd>
        </dl>
        <Link
          href={`/purchase/${part._id}`}
          className="mt-auto inline-block rounded bg-brand-700 px-4 py-2 text-center font-semibold text-white hover:bg-brand-900"
        >
          Purchase Now
        </Link>
      </div>
    </article>
  );
}
