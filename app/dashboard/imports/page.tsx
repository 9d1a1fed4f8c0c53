import type { Metadata } from "next";
import Link from "next/link";
import { ImportUploadForm } from "@/components/admin/ImportUploadForm";
import { requireAdminPage } from "@/lib/auth/guards";
import { recentImportJobs } from "@/lib/imports/job-progress";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { IMPORT_COLUMNS } from "@/lib/vocabulary/fitment-import-format";
import { PARTS_IMPORT_COLUMNS, PARTS_REQUIRED_COLUMNS } from "@/lib/vocabulary/parts-import-format";

export const metadata: Metadata = { title: "Imports" };

const RECENT_JOBS = 20;

export default async function ImportsPage() {
  await requireAdminPage(DASHBOARD_ITEMS.imports.href);
  const jobs = await recentImportJobs({ limit: RECENT_JOBS });
  return (
    <>
      <h1 className="text-2xl font-bold">Imports</h1>
      <div className="mt-2 max-w-3xl space-y-2 text-slate-700">
        <p>{`A parts or fitment file, CSV UTF-8, up to 2 GiB, is stored as it uploads and imported in the background; its page shows the progress. The first line names the columns, in any order.`}</p>
        <p>{`Parts: ${PARTS_IMPORT_COLUMNS.join(", ")} (${PARTS_REQUIRED_COLUMNS.join(", ")} required). A row adds the SKU's part or updates it.`}</p>
        <p>{`Fitment: ${IMPORT_COLUMNS.join(", ")} (the first four required). The part number is a SKU, or a number only one part has.`}</p>
      </div>
      <div className="mt-6">
        <ImportUploadForm />
      </div>
      <h2 className="mt-8 text-xl font-bold">Recent imports</h2>
      {jobs.length === 0 ? (
        <p className="mt-2">No imports yet.</p>
      ) : (
        <div tabIndex={0} role="region" aria-label="Recent imports" className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="p-2">File</th>
                <th scope="col" className="p-2">Kind</th>
                <th scope="col" className="p-2">Status</th>
                <th scope="col" className="p-2">Rows</th>
                <th scope="col" className="p-2">Refused</th>
                <th scope="col" className="p-2">Started</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id} className="border-t border-slate-200">
                  <td className="p-2">
                    <Link href={`/dashboard/imports/${job.id}`} className="underline">
                      {job.name}
                    </Link>
                  </td>
                  <td className="p-2">{job.kind}</td>
                  <td className="p-2">{job.status}</td>
                  <td className="p-2">{job.rows}</td>
                  <td className="p-2">{job.refused}</td>
                  <td className="p-2">{job.startedAt ? new Date(job.startedAt).toLocaleString("en-GB", { timeZone: "UTC" }) : "not yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
