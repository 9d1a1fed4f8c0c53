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

export const importsDir = (): string => path.resolve(process.env.IMPORTS_DIR?.trim() || ".data/imports");

/** The new job's id, its file stored and the job queued in the database (not yet on the job queue). */
export async function createImportJob(kind: ImportKindName, source: string, mode: ImportMode = "merge"): Promise<string> {
  await connectDb();
  const id = new Types.ObjectId();
  await mkdir(importsDir(), { recursive: true });
  const file = path.join(importsDir(), `${String(id)}.csv`);
  await copyFile(source, file);
  const { size } = await stat(file);
  await ImportJob.create({ _id: id, kind, mode, file, name: path.basename(source), bytesTotal: size, status: "queued" });
  return String(id);
}

/** The ids of the jobs not finished: queued, or running when their process stopped. */
export async function unfinishedImportJobs(): Promise<string[]> {
  await connectDb();
  const jobs = await Promise.all((["queued", "running"] as const).map((status) => ImportJob.find({ status }, { _id: 1 }).lean()));
  return jobs.flat().map((job) => String(job._id));
}
