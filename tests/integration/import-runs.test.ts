import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { InvalidInputError } from "@/lib/errors";
import { PARTS_IMPORT } from "@/lib/imports/parts-batch";
import { runImport } from "@/lib/imports/run-import";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb } from "@/lib/storage/connect";
import { ImportJob } from "@/models/ImportJob";
import { ImportRefusal } from "@/models/ImportRefusal";
import { importJobOf, jobOf } from "../support/imports";

// Two runs of one job (a stalled job taken up by a second worker while the first still runs) never
// move it back: a run that finds the job ended, or its checkpoint moved past the header, stops and
// leaves the counts as the other run wrote them. A check a batch runs (an InvalidInputError) refuses
// the row it is about, not the whole job; one that is no row's fails the job as before.

const HEADER = "sku,name,description,price,stock,image_url";
const rows = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i},${prefix} part ${i},A part.,4,3,https://example.com/r.jpg`);

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
});

type UpdateOne = (filter: Record<string, unknown>, update: Record<string, unknown>) => Promise<{ matchedCount: number }>;

/** The first write of the job that `pick` chooses waits until `meanwhile` (the other run) is over. */
function holdWrite(pick: (update: Record<string, unknown>) => boolean, meanwhile: () => Promise<void>): void {
  const original = ImportJob.updateOne.bind(ImportJob) as unknown as UpdateOne;
  let held = false;
  vi.spyOn(ImportJob, "updateOne").mockImplementation(((filter: Record<string, unknown>, update: Record<string, unknown>) => {
    if (held || !pick(update)) return original(filter, update);
    held = true;
    return meanwhile().then(() => original(filter, update));
  }) as never);
}

const setOf = (update: Record<string, unknown>) => (update.$set ?? {}) as Record<string, unknown>;

describe("two runs of one import job", () => {
  it("a run that finds the job done by the other by the time it starts leaves it done, counted once", async () => {
    const job = await importJobOf("parts", [HEADER, ...rows("TWICE-A", 12)]);
    holdWrite((update) => setOf(update).status === "running", () => runImport(job, { batchRows: 5 }));
    await runImport(job, { batchRows: 5 });
    expect(await jobOf(job)).toMatchObject({ status: "done", counts: { rows: 12, accepted: 12, added: 12, unchanged: 0 } });
  });

  it("a run whose header checkpoint comes after the other run's batches does not move the checkpoint back", async () => {
    const job = await importJobOf("parts", [HEADER, ...rows("TWICE-B", 12)]);
    holdWrite((update) => "columns" in setOf(update), () => runImport(job, { batchRows: 5 }));
    await expect(runImport(job, { batchRows: 5 })).rejects.toThrow(/moved its checkpoint/);
    const done = await jobOf(job);
    expect(done).toMatchObject({ status: "done", counts: { rows: 12, accepted: 12, added: 12, unchanged: 0 }, checkpoint: { line: 13 } });
  });

  it("a run ending after the job was failed does not mark it done", async () => {
    const job = await importJobOf("parts", [HEADER, ...rows("TWICE-C", 3)]);
    holdWrite((update) => setOf(update).status === "done", async () => {
      await ImportJob.updateOne({ _id: job }, { $set: { status: "failed", error: "given up by the queue" } });
    });
    await runImport(job);
    expect(await jobOf(job)).toMatchObject({ status: "failed", error: "given up by the queue" });
  });
});

describe("a check a batch runs", () => {
  const vetoing = () => {
    const original = PARTS_IMPORT.applyBatch;
    return vi.spyOn(PARTS_IMPORT, "applyBatch").mockImplementation(async (columns, batch, context) => {
      const vetoed = batch.find(({ fields }) => fields[0]!.startsWith("VETO"));
      if (vetoed) throw new InvalidInputError(`${vetoed.fields[0]} is vetoed.`);
      return original(columns, batch, context);
    });
  };

  it("refuses the row it is about, with its reason, and the job goes on (in the last batch too)", async () => {
    vetoing();
    const job = await importJobOf("parts", [HEADER, ...rows("CHECKED", 3), "VETO-1,Vetoed,A part.,4,3,https://example.com/r.jpg", ...rows("CHECKED-MORE", 4), "VETO-2,Vetoed,A part.,4,3,https://example.com/r.jpg"]);
    await runImport(job, { batchRows: 5 });
    expect(await jobOf(job)).toMatchObject({ status: "done", counts: { rows: 9, accepted: 7, added: 7, refused: 2 } });
    const refusals = await ImportRefusal.find({ job }).sort({ line: 1 }).lean();
    expect(refusals.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 5, reason: "VETO-1 is vetoed." },
      { line: 10, reason: "VETO-2 is vetoed." },
    ]);
  });

  it("fails the job, as before, when the error is no row's", async () => {
    vi.spyOn(PARTS_IMPORT, "applyBatch").mockRejectedValue(new InvalidInputError("The batch cannot be applied."));
    const job = await importJobOf("parts", [HEADER, ...rows("UNPLACED", 3)]);
    await expect(runImport(job)).rejects.toThrow("The batch cannot be applied.");
    expect(await jobOf(job)).toMatchObject({ status: "failed", error: "The batch cannot be applied." });
  });
});
