import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUserPage } from "@/lib/auth/guards";
import { findPart } from "@/lib/catalogue";

type Params = Promise<{ id: string }>;

export const metadata: Metadata = { title: "Purchase", robots: { index: false } };

/** SPEC 2: login required. The order form arrives with the ordering work; this shows the part. */
export default async function PurchasePage({ params }: { params: Params }) {
  const { id } = await params;
  await requireUserPage(`/purchase/${encodeURIComponent(id)}`);
  const part = await findPart(id);
  if (!part) notFound();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-2">
      <section aria-labelledby="part-name">
        {/* eslint-disable-next-line @next/next/no-img-element -- local SVG illustrations, as on the home page */}
        <img src={part.image} alt={part.partsname} width={400} height={300} className="aspect-[4/3] w-full rounded bg-slate-50 object-cover" />
        <h1 id="part-name" className="mt-4 text-2xl font-bold">
          {part.partsname}
        </h1>
        <p className="mt-2 text-slate-700">{part.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-1 text-sm">
          <dt className="text-slate-600">Minimum order</dt>
          <dd>{part.minOrder}</dd>
          <dt className="text-slate-600">Available</dt>
          <dd>{part.quantity}</dd>
          <dt className="text-slate-600">Unit price</dt>
          <dd className="font-semibold">${part.price}</dd>
        </dl>
      </section>
    </div>
  );
}
