"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { messageOf, uploadFile } from "@/lib/site/api-client";

type Report = { rows: number; accepted: number; rejected: { line: number; reason: string }[]; parts: number; added: number; updated: number; unchanged: number };

/** Sends the chosen CSV file to POST /fitment-imports and shows what was added and each refused row. */
export function FitmentImportForm() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<Report | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0) {
      toast.error("Choose a CSV file first.");
      return;
    }
    setPending(true);
    // Spreadsheets label CSV files differently on each system: the file is sent as what it is.
    const reply = await uploadFile("/fitment-imports", new Blob([file], { type: "text/csv" }));
    setPending(false);
    if (reply.ok && reply.body.success) {
      setReport(reply.body.result as Report);
      toast.success(messageOf(reply, "Imported."));
      router.refresh();
    } else {
      setReport(null);
      toast.error(messageOf(reply, "The file was not imported."));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={(event) => void submit(event)} aria-label="Import fitment" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="fitment-file" className="text-sm font-medium">
            Fitment file (CSV)
          </label>
          <input id="fitment-file" name="file" type="file" accept=".csv,text/csv" className="text-sm" />
        </div>
        <button type="submit" disabled={pending} className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
          {pending ? "Importing…" : "Import"}
        </button>
      </form>
      {report ? (
        <section aria-labelledby="import-report">
          <h2 id="import-report" className="text-lg font-semibold">
            Import report
          </h2>
          <p role="status" className="mt-2">
            {`${report.accepted} of ${report.rows} rows added to ${report.parts} part${report.parts === 1 ? "" : "s"} (${report.added} new, ${report.updated} updated, ${report.unchanged} already there); ${report.rejected.length} refused.`}
          </p>
          {report.rejected.length > 0 ? (
            <table className="mt-3 w-full border-collapse text-left text-sm">
              <caption className="sr-only">Refused rows</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-1 pr-3">Line</th>
                  <th scope="col" className="py-1">Reason</th>
                </tr>
              </thead>
              <tbody>
                {report.rejected.map((row) => (
                  <tr key={row.line} className="border-b border-slate-200">
                    <td className="py-1 pr-3">{row.line}</td>
                    <td className="py-1">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
