"use client";

import { useEffect, useState } from "react";
import type { ImportJobProgress } from "@/lib/imports/job-progress";

const POLL_MS = 1000;
const running = (status: ImportJobProgress["status"]) => status === "queued" || status === "running";

function timeLeft(seconds: number | null): string {
  if (seconds === null) return "estimating";
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The job's progress, as the server rendered it, then polled from GET /imports/{id} about once a second while it runs. */
export function ImportJobLive({ initial }: { initial: ImportJobProgress }) {
  const [job, setJob] = useState(initial);
  useEffect(() => {
    if (!running(job.status)) return;
    const timer = setTimeout(async () => {
      try {
        const reply = await fetch(`/imports/${job.id}`, { headers: { accept: "application/json" } });
        if (reply.ok) setJob(((await reply.json()) as { job: ImportJobProgress }).job);
        else setJob((current) => ({ ...current }));
      } catch {
        // Offline for a moment: try again on the next tick.
        setJob((current) => ({ ...current }));
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const { counts } = job;
  return (
    <div className="mt-4 space-y-4">
      <p role="status" aria-live="polite" className="font-medium">
        {`Status: ${job.status}${job.error ? ` (${job.error})` : ""}`}
      </p>
      <div>
        <label htmlFor="import-progress" className="block text-sm">
          {`Rows done: ${counts.rows}${job.rowsEstimated !== null ? ` of about ${job.rowsEstimated}` : ""}`}
        </label>
        <progress id="import-progress" max={job.bytesTotal || 1} value={job.bytesDone} className="w-full max-w-xl" />
        <p className="text-sm">{`Rate: ${job.rowsPerSecond ?? 0} rows/s. Time left: ${running(job.status) ? timeLeft(job.secondsLeft) : "none"}.`}</p>
      </div>
      {!running(job.status) && (
        <dl className="grid w-fit grid-cols-2 gap-x-4 text-sm">
          <dt>Added</dt>
          <dd>{counts.added}</dd>
          <dt>Updated</dt>
          <dd>{counts.updated}</dd>
          <dt>Unchanged</dt>
          <dd>{counts.unchanged}</dd>
          <dt>Refused</dt>
          <dd>{counts.refused}</dd>
        </dl>
      )}
      <section aria-labelledby="refused-heading">
        <h2 id="refused-heading" className="text-xl font-bold">
          Refused rows
        </h2>
        {job.refusedRows.length === 0 ? (
          <p>None so far.</p>
        ) : (
          <table className="mt-2 text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="p-2">Line</th>
                <th scope="col" className="p-2">Reason</th>
              </tr>
            </thead>
            <tbody>
              {job.refusedRows.map((row) => (
                <tr key={row.line} className="border-t border-slate-200">
                  <td className="p-2">{row.line}</td>
                  <td className="p-2">{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {counts.refused > job.refusedRows.length && <p className="mt-2 text-sm">{`The first ${job.refusedRows.length} of ${counts.refused} refused rows; the CSV holds them all.`}</p>}
        {!running(job.status) && (
          <p className="mt-2">
            <a href={`/imports/${job.id}/refused.csv`} download className="underline">
              Download refused rows (CSV)
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
