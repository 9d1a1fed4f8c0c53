import { beforeAll, describe, expect, it } from "vitest";
import { addPart } from "@/lib/catalogue/commands";
import { runImport } from "@/lib/imports/run-import";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { partSchema } from "@/lib/validation/parts";
import { Fitment } from "@/models/Fitment";
import { ImportRefusal } from "@/models/ImportRefusal";
import { fitmentDisagreements } from "../support/lists-agree";
import { importJobOf, jobOf } from "../support/imports";

// Fitment files as jobs: merge adds each row once however often the file comes, replace makes a
// part's fitment exactly the file's even when its rows span several batches, and every list agrees
// with the documents afterwards.

const HEADER = "part_number,make,model,year_from,year_to,engine,position,note";
const parts: string[] = [];
const years = async (partId: string) => (await Fitment.find({ part: partId }, { year: 1 }).lean()).map((doc) => doc.year).sort();

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  for (const sku of ["FIT-JOB-1", "FIT-JOB-2"]) {
    parts.push((await addPart(partSchema.parse({ partsname: `Fitted ${sku}`, image: "/parts/placeholder.svg", price: 5, quantity: 5, description: "A part.", sku })))._id);
  }
}, 60_000);

describe("a fitment import job", () => {
  it("adds the rows, refuses the bad ones, and the same file again adds nothing", async () => {
    const lines = [HEADER, "FIT-JOB-1,ImportCa,Sedan,2010,2012,,front,", "FIT-JOB-2,ImportCa,Sedan,2011,,,,", "NO-SUCH-1,ImportCa,Sedan,2011,,,,", "FIT-JOB-1,ImportCa,Sedan,1850,,,,"];
    const first = await importJobOf("fitment", lines);
    await runImport(first, { batchRows: 2 });
    expect((await jobOf(first)).counts).toMatchObject({ rows: 4, accepted: 2, refused: 2, added: 4, updated: 0, unchanged: 0 });
    expect((await ImportRefusal.find({ job: first }).sort({ line: 1 }).lean()).map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 4, reason: "part_number: no part has the number NO-SUCH-1" },
      { line: 5, reason: expect.stringMatching(/^year_from: /) },
    ]);
    const again = await importJobOf("fitment", lines);
    await runImport(again, { batchRows: 2 });
    expect((await jobOf(again)).counts).toMatchObject({ accepted: 2, added: 0, updated: 0, unchanged: 4 });
    for (const part of parts) expect(await fitmentDisagreements(part)).toEqual([]);
  });

  it("replace mode makes a part's fitment the file's rows, its rows spread over batches and the job stopped and resumed", async () => {
    const lines = [HEADER, "FIT-JOB-1,ImportCa,Sedan,2020,,,,", "FIT-JOB-2,ImportCa,Sedan,2021,,,,", "FIT-JOB-1,ImportCa,Sedan,2022,,,,", "FIT-JOB-1,ImportCa,Sedan,2023,,,,"];
    const job = await importJobOf("fitment", lines, "replace");
    await expect(runImport(job, { batchRows: 2, afterBatch: (n) => { if (n === 1) throw new Error("stopped"); } })).rejects.toThrow("stopped");
    expect((await jobOf(job)).replacedParts?.sort()).toEqual([...parts].sort());
    await runImport(job, { batchRows: 2 });
    expect(await years(parts[0]!)).toEqual([2020, 2022, 2023]);
    expect(await years(parts[1]!)).toEqual([2021]);
    const modelYears = [2010, 2011, 2012].map((year) => `${year}|importca|sedan`);
    for (const part of parts) expect(await fitmentDisagreements(part, modelYears)).toEqual([]);
  });
});
