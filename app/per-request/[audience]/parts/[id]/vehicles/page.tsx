import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { FitmentItem } from "@/components/PartFitment";
import { Pagination } from "@/components/Pagination";
import { getPart } from "@/lib/catalogue/part-page";
import { partFitmentPage } from "@/lib/fitment/queries";
import { vehiclePageNumber } from "@/lib/catalogue/vehicle-page";
import { pageMetadata } from "@/lib/site/metadata";

// Every model year a part fits, 50 a page: its page lists the first ones.

const PER_PAGE = 50;

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const part = await getPart((await params).id);
  if (!part) return { title: "Part not found", robots: { index: false } };
  return pageMetadata({ title: `Vehicles the ${part.partsname} fits`, description: `Every vehicle the ${part.partsname} fits.`, path: `/parts/${part._id}/vehicles` });
}

export default async function PartVehiclesPage({ params, searchParams }: Props) {
  await connection();
  const part = await getPart((await params).id);
  if (!part) notFound();
  const page = vehiclePageNumber((await searchParams).page);
  const { rows, total } = await partFitmentPage(part._id, { offset: (page - 1) * PER_PAGE, limit: PER_PAGE });
  const pageCount = Math.max(1, Math.ceil(total / PER_PAGE));
  if (page > pageCount) notFound();
  const href = (n: number) => (n > 1 ? `/parts/${part._id}/vehicles?page=${n}` : `/parts/${part._id}/vehicles`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link href={`/parts/${part._id}`} className="underline">{`Back to ${part.partsname}`}</Link>
      </p>
      <h1 className="mt-4 text-2xl font-bold">{`Vehicles the ${part.partsname} fits`}</h1>
      <p role="status" className="mt-2 text-slate-700">
        {part.universal ? "Universal part: fits every vehicle. " : ""}
        {total === 0 ? "No vehicles are listed for this part." : `${total} model ${total === 1 ? "year" : "years"}, newest first.`}
      </p>
      <ul className="mt-4 flex flex-col gap-1">
        {rows.map((fit) => (
          <FitmentItem key={`${fit.year}/${fit.make}/${fit.model}`} fit={fit} />
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} hrefFor={href} label="Vehicle pages" />
    </div>
  );
}
