import { requireAdmin } from "@/lib/auth/api-guards";
import { objectIdParam } from "@/lib/http/params";
import { route } from "@/lib/http/route";
import { importJobProgress } from "@/lib/imports/job-progress";
import { refusedRowsCsv } from "@/lib/imports/refused-csv";

/** Admin: an import job's refused rows as a CSV download, formula cells neutralised (lib/imports/refused-csv.ts). */
export const GET = route(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The import job's id");
  await importJobProgress(id);
  return new Response(await refusedRowsCsv(id), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="import-${id}-refused.csv"` },
  });
});
