import "server-only";
import { Types, isValidObjectId } from "mongoose";
import { NotFoundError } from "@/lib/errors";
import { connectDb, trusted } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";
import { ImportRefusal } from "@/models/ImportRefusal";
import { REFUSED_SHOWN_IN_STATE } from "@/lib/vocabulary/import-upload";

// What the dashboard shows of an import job while it runs and after: the counts, how far through
// the file it is (the checkpoint's byte offset), the rate and the time left, and the first refused rows.


export type ImportJobSummary = {
  id: string;
  kind: "parts" | "fitment";
  mode: "merge" | "replace";
  name: string;
  status: "queued" | "running" | "done" | "failed";
  rows: number;
  refused: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type ImportJobProgress = ImportJobSummary & {
  bytesDone: number;
  bytesTotal: number;
  /** Rows the file holds, estimated from the bytes read so far (exact once done). */
  rowsEstimated: number | null;
  counts: { rows: number; accepted: number; refused: number; added: number; updated: number; unchanged: number };
  rowsPerSecond: number | null;
  secondsLeft: number | null;
  error: string | null;
  refusedRows: { line: number; reason: string }[];
};

type JobDoc = Awaited<ReturnType<typeof findJob>>;
const findJob = (id: string) => ImportJob.findById(id).lean();

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

function summary(job: NonNullable<JobDoc>): ImportJobSummary {
  return {
    id: String(job._id),
    kind: job.kind,
    mode: job.mode,
    name: job.name,
    status: job.status,
    rows: job.counts?.rows ?? 0,
    refused: job.counts?.refused ?? 0,
    createdAt: (job as { createdAt?: Date }).createdAt?.toISOString() ?? new Date(0).toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
  };
}

/** Recent jobs, newest first, read through the _id index (ids grow with time); `before`: the last id of the previous page. */
export async function recentImportJobs({ limit, before }: { limit: number; before?: string }): Promise<ImportJobSummary[]> {
  await connectDb();
  const filter = before && isValidObjectId(before) ? { _id: trusted({ $lt: new Types.ObjectId(before) }) } : {};
  const jobs = await ImportJob.find(filter).sort({ _id: -1 }).limit(limit).lean();
  return jobs.map(summary);
}

export async function importJobProgress(id: string, now = new Date()): Promise<ImportJobProgress> {
  await connectDb();
  const job = await findJob(id);
  if (!job) throw new NotFoundError("No import job has this id.");
  const counts = { rows: 0, accepted: 0, refused: 0, added: 0, updated: 0, unchanged: 0, ...job.counts };
  const bytesDone = job.status === "done" ? job.bytesTotal : (job.checkpoint?.bytes ?? 0);
  const seconds = job.startedAt ? ((job.finishedAt ?? now).getTime() - job.startedAt.getTime()) / 1000 : 0;
  const rowsPerSecond = seconds > 0 && counts.rows > 0 ? counts.rows / seconds : null;
  // Until a first batch is committed the bytes done are the header's alone: no rate, total or time left can be told from them.
  const bytesPerSecond = seconds > 0 && counts.rows > 0 ? bytesDone / seconds : null;
  const running = job.status === "running" || job.status === "queued";
  const refusals = await ImportRefusal.find({ job: id }, { line: 1, reason: 1 }).sort({ line: 1 }).limit(REFUSED_SHOWN_IN_STATE).lean();
  return {
    ...summary(job),
    bytesDone,
    bytesTotal: job.bytesTotal,
    rowsEstimated: job.status === "done" ? counts.rows : counts.rows > 0 && bytesDone > 0 ? Math.round((counts.rows * job.bytesTotal) / bytesDone) : null,
    counts,
    rowsPerSecond: rowsPerSecond === null ? null : Math.round(rowsPerSecond * 10) / 10,
    secondsLeft: running && bytesPerSecond ? Math.ceil((job.bytesTotal - bytesDone) / bytesPerSecond) : running ? null : 0,
    error: job.error ?? null,
    refusedRows: refusals.map(({ line, reason }) => ({ line, reason })),
  };
}
