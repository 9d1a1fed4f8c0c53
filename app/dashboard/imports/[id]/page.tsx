import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ImportJobLive } from "@/components/admin/ImportJobLive";
import { requireAdminPage } from "@/lib/auth/guards";
import { NotFoundError } from "@/lib/errors";
import { importJobProgress } from "@/lib/imports/job-progress";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { OBJECT_ID_PATTERN } from "@/lib/validation/common";

export const metadata: Metadata = { title: "Import" };

async function progressOr404(id: string) {
  if (!OBJECT_ID_PATTERN.test(id)) notFound();
  try {
    return await importJobProgress(id.toLowerCase());
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export default async function ImportJobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireAdminPage(`${DASHBOARD_ITEMS.imports.href}/${id}`);
  const job = await progressOr404(id);
  const active = job.status === "queued" || job.status === "running";
  return (
    <>
      <p className="text-sm">
        <Link href={DASHBOARD_ITEMS.imports.href} className="underline">
          Back to Imports
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{`Import of ${job.name}`}</h1>
      <p className="text-sm text-slate-700">{`${job.kind === "parts" ? "Parts" : "Fitment"} file, ${job.mode} mode, ${job.bytesTotal} bytes.`}</p>
      {/* Without JavaScript the page does not update itself: a plain link reloads it. */}
      {active && (
        <p className="mt-2">
          <a href={`${DASHBOARD_ITEMS.imports.href}/${job.id}`} className="underline">
            Refresh
          </a>
        </p>
      )}
      <ImportJobLive initial={job} />
    </>
  );
}
