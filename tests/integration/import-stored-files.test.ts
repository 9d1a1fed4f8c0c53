import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Types } from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { importsDir } from "@/lib/imports/import-jobs";
import { markImportFailed, runImport } from "@/lib/imports/run-import";
import { sweepStoredFiles } from "@/lib/imports/stored-files";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";
import { importJobOf, jobOf } from "../support/imports";

// An operator's IMPORTS_DIR holds the copies of the jobs still to run, not every file ever imported:
// a job's copy goes when it ends, done or failed, and the copies a crash left behind go at the next
// worker's start, while a copy whose job this database does not know and the operator's own files stay.

const HEADER = "sku,name,description,price,stock,image_url";
const row = (sku: string) => `${sku},Stored file part ${sku},A part.,4,3,https://example.com/s.jpg`;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
}, 60_000);

describe("the import jobs' stored files", () => {
  it("a job run to its end leaves no copy of its file, and its counts stay", async () => {
    const id = await importJobOf("parts", [HEADER, row("STORED-1"), row("STORED-2")]);
    const { file } = await jobOf(id);
    expect(existsSync(file)).toBe(true);
    await runImport(id);
    const job = await jobOf(id);
    expect([job.status, job.counts?.added]).toEqual(["done", 2]);
    expect(existsSync(file)).toBe(false);
  });

  it("a job that fails, on its file or given up by the queue, leaves no copy of its file", async () => {
    const unreadable = await importJobOf("parts", ["sku,colour", "STORED-3,red"]);
    await expect(runImport(unreadable)).rejects.toThrow();
    expect([(await jobOf(unreadable)).status, existsSync((await jobOf(unreadable)).file)]).toEqual(["failed", false]);
    const givenUp = await importJobOf("parts", [HEADER, row("STORED-4")]);
    await markImportFailed(givenUp, "Stopped after 12 tries: the database is gone");
    expect([(await jobOf(givenUp)).status, existsSync((await jobOf(givenUp)).file)]).toEqual(["failed", false]);
  });

  it("the sweep deletes the copies of ended jobs, and nothing this database does not know as an ended job's copy", async () => {
    const ended = await importJobOf("parts", [HEADER, row("STORED-5")]);
    const queued = await importJobOf("parts", [HEADER, row("STORED-6")]);
    // A process that died between the job's end and the delete.
    await ImportJob.updateOne({ _id: ended }, { $set: { status: "done" } });
    mkdirSync(importsDir(), { recursive: true });
    // An upload cut off before its job was recorded, or another shop's job sharing the folder; and the operator's own file.
    const unknown = path.join(importsDir(), `${new Types.ObjectId()}.csv`);
    const operators = path.join(importsDir(), "notes.txt");
    for (const file of [unknown, operators]) writeFileSync(file, `${HEADER}\n`);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const file of [unknown, operators]) utimesSync(file, twoDaysAgo, twoDaysAgo);

    expect(await sweepStoredFiles()).toBe(1);
    const kept = (file: string) => existsSync(file);
    expect(kept((await jobOf(ended)).file)).toBe(false);
    expect([(await jobOf(queued)).file, unknown, operators].map(kept)).toEqual([true, true, true]);
    expect(await sweepStoredFiles()).toBe(0);
  });

  it("never deletes a file outside IMPORTS_DIR, whatever the job's record names", async () => {
    const id = await importJobOf("parts", [HEADER, row("STORED-7")]);
    const elsewhere = path.join(path.dirname(importsDir()), `${id}.csv`);
    writeFileSync(elsewhere, `${HEADER}\n`);
    await ImportJob.updateOne({ _id: id }, { $set: { file: elsewhere } });
    await markImportFailed(id, "Stopped after 12 tries: the database is gone");
    expect([(await jobOf(id)).status, existsSync(elsewhere)]).toEqual(["failed", true]);
  });
});
