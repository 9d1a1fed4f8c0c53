import "server-only";
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { importsDir } from "@/lib/imports/import-jobs";
import { connectDb } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";

// A job's stored copy of its file is read only while the job runs: once the job is done or failed
// (neither is ever run again), the copy goes, so IMPORTS_DIR does not grow by every day's file. A
// process that dies between a job's end and the delete leaves the copy behind: each import worker's
// start sweeps those, and the copies of uploads that never became a job (the server gone mid-upload)
// once they are a day old. Anything else in the folder is the operator's and stays.

/** An upload is recorded as a job the moment its last byte is stored: a copy this old with no job never will be. */
const UNRECORDED_AGE_MS = 24 * 60 * 60 * 1000;

/** A job's copy, named by its id (lib/imports/import-jobs.ts newImportFile). */
const JOB_COPY = /^([0-9a-f]{24})\.csv$/;

/** Deletes an ended job's stored copy; one already gone is fine, any other failure is only logged (the sweep tries again). */
export async function letGoOfStoredFile(file: string): Promise<void> {
  await unlink(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") console.warn(`[imports] could not delete the stored file ${file}: ${(error as Error).message}`);
  });
}

/** Whether this copy in IMPORTS_DIR is no longer wanted: its job has ended, or it never became a job. */
async function leftBehind(file: string, jobId: string, now: number): Promise<boolean> {
  const job = await ImportJob.findById(jobId, { status: 1 }).lean();
  if (job) return job.status === "done" || job.status === "failed";
  const { mtimeMs } = await stat(file);
  return now - mtimeMs > UNRECORDED_AGE_MS;
}

/** Deletes the copies left behind in IMPORTS_DIR (one read by id per copy there); how many. */
export async function sweepStoredFiles(now = Date.now()): Promise<number> {
  await connectDb();
  const names = await readdir(importsDir()).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  let swept = 0;
  for (const name of names) {
    const jobId = JOB_COPY.exec(name)?.[1];
    const file = path.join(importsDir(), name);
    if (!jobId || !(await leftBehind(file, jobId, now))) continue;
    await letGoOfStoredFile(file);
    swept += 1;
  }
  return swept;
}
