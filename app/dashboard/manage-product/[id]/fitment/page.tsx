import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { FitmentEditor, RemoveFitmentButton } from "@/components/admin/FitmentEditor";
import { applicationText } from "@/components/PartFitment";
import { Pagination } from "@/components/Pagination";
import { requireAdminPage } from "@/lib/auth/guards";
import { findPart } from "@/lib/catalogue/queries";
import { partFitmentPage } from "@/lib/fitment/queries";
import { vehiclePageNumber } from "@/lib/catalogue/vehicle-page";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";

// Manage Product, one part's fitment: the model years it fits (50 a page), each removable, a form
// to add a make and model over a range of years, and the universal switch. The REST paths do the work.

export const metadata: Metadata = { title: "Part fitment" };

const PER_PAGE = 50;

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PartFitmentAdminPage({ params, searchParams }: Props) {
  const { id } = await params;
  const path = `${DASHBOARD_ITEMS.manageProduct.href}/${id}/fitment`;
  await requireAdminPage(path);
  const part = await findPart(id);
  if (!part) notFound();
  const page = vehiclePageNumber((await searchParams).page);
  const { rows, total } = await partFitmentPage(part._id, { offset: (page - 1) * PER_PAGE, limit: PER_PAGE });
  const pageCount = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <>
      <p className="text-sm">
        <Link href={DASHBOARD_ITEMS.manageProduct.href} className="underline">
          Back to Manage Product
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{`Fitment of ${part.partsname}`}</h1>
      <div className="mt-4">
        <FitmentEditor partId={part._id} partName={part.partsname} universal={part.universal} />
      </div>
      <h2 className="mt-8 text-lg font-semibold">{`Model years (${total})`}</h2>
      {rows.length === 0 ? <p className="mt-2 text-slate-700">No vehicles listed yet.</p> : null}
      <ul className="mt-2 flex flex-col divide-y divide-slate-200">
        {rows.map((fit) => (
          <li key={fit.path} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <Link href={fit.path} className="underline">
                {fit.label}
              </Link>
              <span className="text-slate-700">{` ${fit.applications.map(applicationText).filter(Boolean).join("; ")}`}</span>
            </span>
            <RemoveFitmentButton partId={part._id} year={fit.year} make={fit.make} model={fit.model} label={fit.label} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => (n > 1 ? `${path}?page=${n}` : path)} label="Fitment pages" />
    </>
  );
}
