import "server-only";
import { readdir, unlink } from "node:fs/promises";
import path from "node:path";
import { importsDir } from "@/lib/imports/import-jobs";
import { connectDb } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";

// A job's stored copy of its file is read only while the job runs: once the job is done or failed
// (neither is ever run again), the copy goes, so IMPORTS_DIR does not grow by every day's file. A
// process that dies between a job's end and the delete leaves the copy behind: each import worker's
// start sweeps those. Only a job's own copy in IMPORTS_DIR is ever deleted, and only once this
// database says its job has ended: a copy whose job this database does not know (another shop's
// sharing the folder, an upload cut off before its job was recorded) and the operator's own files stay.

/** A job's copy, named by its id (lib/imports/import-jobs.ts newImportFile). */
const JOB_COPY = /^([0-9a-f]{24})\.csv$/;

/** The job's id when `file` is a job's copy in IMPORTS_DIR, else null. */
function jobOfCopy(file: string): string | null {
  if (path.dirname(path.resolve(file)) !== importsDir()) return null;
  return JOB_COPY.exec(path.basename(file))?.[1] ?? null;
}

/** Deletes an ended job's stored copy; one already gone is fine, any other failure is only logged (the sweep tries again). */
export async function letGoOfStoredFile(file: string): Promise<void> {
  if (!jobOfCopy(file)) return;
  await unlink(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") console.warn(`[imports] could not delete the stored file ${file}: ${(error as Error).message}`);
  });
}

/** Whether this copy's job has ended, by this database. */
async function jobEnded(jobId: string): Promise<boolean> {
  const job = await ImportJob.findById(jobId, { status: 1 }).lean();
  return job?.status === "done" || job?.status === "failed";
}

/** Deletes the copies of ended jobs left behind in IMPORTS_DIR (one read by id per copy there); how many. */
export async function sweepStoredFiles(): Promise<number> {
  await connectDb();
  const names = await readdir(importsDir()).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  let swept = 0;
  for (const name of names) {
    const file = path.join(importsDir(), name);
    const jobId = jobOfCopy(file);
    if (!jobId || !(await jobEnded(jobId))) continue;
    await letGoOfStoredFile(file);
    swept += 1;
  }
  return swept;
}
