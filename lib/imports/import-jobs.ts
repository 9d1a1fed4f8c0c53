import "server-only";
import { copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { Types } from "mongoose";
import { connectDb } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";

// Creating an import job: the operator's file is copied under IMPORTS_DIR first, so the job reads
// its own copy whatever becomes of the original, and a resumed job finds the same bytes at its offset.

export type ImportKindName = "parts" | "fitment";
export type ImportMode = "merge" | "replace";

/** The operator's folder for the jobs' files: read at run time, never part of the build's traced files. */
export const importsDir = (): string => path.resolve(/* turbopackIgnore: true */ process.env.IMPORTS_DIR?.trim() || ".data/imports");

/** A new job's id and where its file is to be stored; nothing is recorded yet. */
export async function newImportFile(): Promise<{ id: string; file: string }> {
  const id = String(new Types.ObjectId());
  await mkdir(importsDir(), { recursive: true });
  return { id, file: path.join(importsDir(), `${id}.csv`) };
}

/** Records the job of a file stored at `file`, queued in the database (not yet on the job queue). */
export async function recordImportJob(job: { id: string; file: string; kind: ImportKindName; mode: ImportMode; name: string }): Promise<void> {
  await connectDb();
  const { size } = await stat(job.file);
  await ImportJob.create({ _id: job.id, kind: job.kind, mode: job.mode, file: job.file, name: job.name, bytesTotal: size, status: "queued" });
}

/** The new job's id, its file stored and the job queued in the database (not yet on the job queue). */
export async function createImportJob(kind: ImportKindName, source: string, mode: ImportMode = "merge"): Promise<string> {
  const { id, file } = await newImportFile();
  await copyFile(source, file);
  await recordImportJob({ id, file, kind, mode, name: path.basename(source) });
  return id;
}

/** The ids of the jobs not finished: queued, or running when their process stopped. */
export async function unfinishedImportJobs(): Promise<string[]> {
  await connectDb();
  const jobs = await Promise.all((["queued", "running"] as const).map((status) => ImportJob.find({ status }, { _id: 1 }).lean()));
  return jobs.flat().map((job) => String(job._id));
}
