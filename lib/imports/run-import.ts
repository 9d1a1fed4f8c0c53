import "server-only";
import { createReadStream } from "node:fs";
import { CsvError, parse } from "csv-parse";
import { UnrecoverableError } from "bullmq";
import { InvalidInputError } from "@/lib/errors";
import { bulkWriteInSlices } from "@/lib/storage/bulk-writes";
import { connectDb, trusted } from "@/lib/storage/connect";
import { FITMENT_IMPORT } from "@/lib/imports/fitment-batch";
import { PARTS_IMPORT } from "@/lib/imports/parts-batch";
import type { BatchOutcome, FileRow, ImportKind } from "@/lib/imports/kinds";
import { applyBatch } from "@/lib/imports/row-at-a-time";
import { letGoOfStoredFile } from "@/lib/imports/stored-files";
import { ImportJob } from "@/models/ImportJob";
import { ImportRefusal } from "@/models/ImportRefusal";

// Runs an import job from its checkpoint: the stored file is read from the byte after the last
// committed batch (csv-parse, streaming), its rows applied a batch at a time, and after each batch the
// checkpoint and the counts move in one write. A crash in a batch replays that batch, whose rows are
// each safe to apply twice. A file it cannot read fails the job; anything else (the database gone)
// is thrown for the queue to try the job again later, from the checkpoint.

export const BATCH_ROWS = 500;
const KINDS: Record<"parts" | "fitment", ImportKind> = { parts: PARTS_IMPORT, fitment: FITMENT_IMPORT };

/** A record longer than this (a quote left open, a file that is not CSV) fails the job rather than filling the memory. */
const MAX_RECORD_CHARS = 256 * 1024;

/**
 * `batchRows`: rows a batch (tests make it small); `afterBatch`: called once each batch is committed;
 * `signal`: once aborted (the process is stopping), the run stops after the batch it is in.
 */
export type RunHooks = { batchRows?: number; afterBatch?: (batch: number) => void | Promise<void>; signal?: AbortSignal };

/** The run stopped at a committed batch because its process is stopping: the job is to be run again. */
export class ImportStopped extends Error {
  constructor() {
    super("The import stopped with its process; it goes on from its checkpoint.");
  }
}

type Checkpoint = { bytes: number; line: number };

const isErrnoException = (error: unknown): error is NodeJS.ErrnoException => error instanceof Error && "code" in error;

/** Ends the job as failed, saying why; a job already ended (done, or failed with its reason) stays as it is. */
export async function markImportFailed(jobId: string, reason: string): Promise<void> {
  await connectDb();
  const { modifiedCount } = await ImportJob.updateOne({ _id: jobId, status: trusted({ $in: ["queued" as const, "running" as const] }) }, { $set: { status: "failed", error: reason, finishedAt: new Date() } });
  const ended = modifiedCount === 1 ? await ImportJob.findById(jobId, { file: 1 }).lean() : null;
  if (ended) await letGoOfStoredFile(ended.file);
}

async function fail(jobId: string, reason: string): Promise<never> {
  await markImportFailed(jobId, reason);
  throw new UnrecoverableError(reason);
}

/**
 * Stores the batch's refusals (once each, by job and line), then its checkpoint and counts in one
 * write, made only if the checkpoint is still the one the batch started from: of two runs of one job
 * (a stalled one taken up while the first still ran), the counts move once.
 */
async function commitBatch(jobId: string, outcome: BatchOutcome, rows: number, from: Checkpoint, checkpoint: Checkpoint): Promise<void> {
  if (outcome.refused.length > 0) {
    // In slices: a replayed batch replaces the refusals its first try stored, which FerretDB never answers in bulks of 100 or more.
    await bulkWriteInSlices(
      ImportRefusal,
      outcome.refused.map(({ line, reason, cells }) => ({
        replaceOne: { filter: { _id: `${jobId}:${line}` }, replacement: { _id: `${jobId}:${line}`, job: jobId, line, reason, cells }, upsert: true },
      })),
    );
  }
  const { accepted, added, updated, unchanged, refused, replacedParts } = outcome;
  const { matchedCount } = await ImportJob.updateOne(
    { _id: jobId, "checkpoint.bytes": from.bytes },
    {
      $set: { checkpoint },
      $inc: { "counts.rows": rows, "counts.accepted": accepted, "counts.refused": refused.length, "counts.added": added, "counts.updated": updated, "counts.unchanged": unchanged },
      ...(replacedParts.length > 0 ? { $addToSet: { replacedParts: { $each: replacedParts } } } : {}),
    },
  );
  if (matchedCount === 0) throw new UnrecoverableError(`Another run of import job ${jobId} moved its checkpoint: this one stops.`);
}

/** Runs the job to its end (or to an error, for the queue to try again); a finished job is left as it is. */
export async function runImport(jobId: string, hooks: RunHooks = {}): Promise<void> {
  await connectDb();
  const job = await ImportJob.findById(jobId).lean();
  if (!job) throw new UnrecoverableError(`There is no import job ${jobId}.`);
  if (job.status === "done" || job.status === "failed") return;
  // Only a job not yet ended runs: another run of it may have ended it since it was read.
  const started = await ImportJob.updateOne(
    { _id: jobId, status: trusted({ $in: ["queued" as const, "running" as const] }) },
    { $set: { status: "running", startedAt: job.startedAt ?? new Date() } },
  );
  if (started.matchedCount === 0) return;
  const kind = KINDS[job.kind];
  const start: Checkpoint = { bytes: job.checkpoint?.bytes ?? 0, line: job.checkpoint?.line ?? 0 };
  const replaced = new Set(job.replacedParts ?? []);
  let columns = job.columns && job.columns.length > 0 ? job.columns : null;
  let batch: FileRow[] = [];
  let reached = start;
  let committed = start;
  let lastEnd = 0;
  let batches = 0;
  const flush = async () => {
    const outcome = await applyBatch(kind, columns!, batch, { jobId, replace: job.mode === "replace", replaced });
    await commitBatch(jobId, outcome, batch.length, committed, reached);
    committed = reached;
    outcome.replacedParts.forEach((part) => replaced.add(part));
    batch = [];
    batches += 1;
    await hooks.afterBatch?.(batches);
    if (hooks.signal?.aborted) throw new ImportStopped();
  };
  const file = createReadStream(job.file, { start: start.bytes });
  const parser = file.pipe(parse({ info: true, relax_column_count: true, bom: start.bytes === 0, record_delimiter: ["\r\n", "\n"], max_record_size: MAX_RECORD_CHARS }));
  // pipe() does not pass the file's errors on: a stored file gone would leave the loop waiting for ever.
  file.on("error", (error) => parser.destroy(error));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number; lines: number } }>) {
      // info.lines is the line the record ends on: it starts on the line after the last one's end.
      const line = start.line + lastEnd + 1;
      lastEnd = info.lines;
      reached = { bytes: start.bytes + info.bytes, line: start.line + info.lines };
      if (record.length === 1 && record[0]!.trim() === "") continue;
      if (!columns) {
        columns = kind.checkHeader(record);
        // Only from the checkpoint this run started at: a later one another run committed stays.
        const { matchedCount } = await ImportJob.updateOne({ _id: jobId, "checkpoint.bytes": committed.bytes }, { $set: { columns, checkpoint: reached } });
        if (matchedCount === 0) throw new UnrecoverableError(`Another run of import job ${jobId} moved its checkpoint: this one stops.`);
        committed = reached;
        continue;
      }
      batch.push({ line, fields: record });
      if (batch.length >= (hooks.batchRows ?? BATCH_ROWS)) await flush();
    }
  } catch (error) {
    parser.destroy();
    file.destroy();
    if (error instanceof InvalidInputError) return fail(jobId, error.message);
    if (isErrnoException(error) && error.code === "ENOENT") return fail(jobId, `The job's stored file ${job.file} is gone.`);
    if (error instanceof CsvError) return fail(jobId, `Line ${start.line + lastEnd + 1}: ${error.message}`);
    throw error;
  }
  if (!columns) return fail(jobId, "The file is empty: its first line names the columns.");
  if (batch.length > 0) {
    try {
      await flush();
    } catch (error) {
      if (error instanceof InvalidInputError) return fail(jobId, error.message);
      throw error;
    }
  }
  // Done from running at the checkpoint this run committed: never over a failure, nor a run that went further.
  const { modifiedCount } = await ImportJob.updateOne({ _id: jobId, status: "running", "checkpoint.bytes": committed.bytes }, { $set: { status: "done", finishedAt: new Date() } });
  if (modifiedCount === 1) await letGoOfStoredFile(job.file);
}
