import { requireAdmin } from "@/lib/auth/api-guards";
import { objectIdParam } from "@/lib/http/params";
import { route } from "@/lib/http/route";
import { importJobProgress } from "@/lib/imports/job-progress";
import { refusedRowsCsvLines } from "@/lib/imports/refused-csv";

/** Admin: an import job's refused rows as a CSV download, formula cells neutralised (lib/imports/refused-csv.ts). */
export const GET = route(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  await requireAdmin();
  const id = objectIdParam((await params).id, "The import job's id");
  await importJobProgress(id);
  // Streamed as it is read: a job may have refused millions of rows.
  const lines = refusedRowsCsvLines(id);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(new TextEncoder().encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="import-${id}-refused.csv"` },
  });
});
