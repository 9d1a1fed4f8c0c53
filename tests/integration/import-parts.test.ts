import { rmSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { notePartWrite } from "@/lib/catalogue/part-writes";
import { rowPartId } from "@/lib/imports/parts-batch";
import { runImport } from "@/lib/imports/run-import";
import { refusedRowsCsvLines } from "@/lib/imports/refused-csv";
import { ensureIndexes } from "@/lib/seed/seed";
import { connectDb, trusted } from "@/lib/storage/connect";
import { ImportRefusal } from "@/models/ImportRefusal";
import { Part } from "@/models/Part";
import { importJobOf, jobOf, missingFromCatalogue, partOfSku } from "../support/imports";

// Parts files as jobs: a new SKU is added as Add Product adds it (in every list), an existing one
// updated in what changed only, the same file twice changes nothing, a bad row is refused with its
// line and reason, and a job stopped part way goes on from its checkpoint without adding a row twice.

const HEADER = "sku,mpn,name,brand,category,description,price,stock,min_order,max_order,image_url";
const row = (n: number, price = 10) => `IMP-${String(n).padStart(5, "0")},MPN-${n},Imported part ${n},Acme,brakes,Part ${n} from a file.,${price},${n % 50},1,,https://example.com/p${n}.jpg`;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
}, 60_000);

describe("a parts import job", () => {
  it("adds the parts, refuses the bad rows with line and reason, and the same file again changes nothing", async () => {
    const lines = [
      HEADER,
      row(1),
      row(2),
      "IMP-00003,,No price,,,A part.,,5,1,,https://example.com/x.jpg",
      "IMP-00004,,Bad picture,,,A part.,5,5,1,,http://example.com/x.jpg",
      ",,No SKU,,,A part.,5,5,1,,https://example.com/x.jpg",
      "IMP-00006,,=HYPERLINK(1),,nowhere,A part.,5,5,1,,https://example.com/x.jpg",
      "IMP-00007,too,few",
    ];
    const first = await importJobOf("parts", lines);
    await runImport(first);
    expect((await jobOf(first)).status).toBe("done");
    expect((await jobOf(first)).counts).toMatchObject({ rows: 7, accepted: 2, refused: 5, added: 2, updated: 0, unchanged: 0 });
    const refusals = await ImportRefusal.find({ job: first }).sort({ line: 1 }).lean();
    expect(refusals.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 4, reason: expect.stringMatching(/^price: /) },
      { line: 5, reason: expect.stringMatching(/^image_url: Image must be a link starting with https/) },
      { line: 6, reason: expect.stringMatching(/^sku: /) },
      { line: 7, reason: expect.stringMatching(/^category: /) },
      { line: 8, reason: "3 fields where the header has 11" },
    ]);
    for (const sku of ["IMP-00001", "IMP-00002"]) {
      const part = await partOfSku(sku);
      expect(part).toMatchObject({ brand: "Acme", category: "brakes" });
      expect(await missingFromCatalogue(part!)).toEqual([]);
    }

    const again = await importJobOf("parts", lines);
    await runImport(again);
    expect((await jobOf(again)).counts).toMatchObject({ rows: 7, accepted: 2, refused: 5, added: 0, updated: 0, unchanged: 2 });
  });

  it("updates a part whose row changed, in what changed only, its lists following", async () => {
    const job = await importJobOf("parts", [HEADER, row(1, 12.5), row(2)]);
    await runImport(job);
    expect((await jobOf(job)).counts).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    const part = await partOfSku("IMP-00001");
    expect(part?.price).toBe(12.5);
    expect(await missingFromCatalogue(part!)).toEqual([]);
  });

  it("a file without some columns (prices and stock only) leaves the part's other fields as they are", async () => {
    const added = await importJobOf("parts", [HEADER, "IMP-00900,MPN-900,Kept part,Bosch,brakes,Kept as it is.,10,5,2,8,https://example.com/900.jpg"]);
    await runImport(added);
    const job = await importJobOf("parts", ["sku,name,description,price,stock,image_url", "IMP-00900,Kept part,Kept as it is.,11,7,https://example.com/900.jpg"]);
    await runImport(job);
    expect((await jobOf(job)).counts).toMatchObject({ accepted: 1, updated: 1 });
    expect(await Part.findOne({ sku: "IMP-00900" }).lean()).toMatchObject({ price: 11, quantity: 7, brand: "Bosch", category: "brakes", mpn: "MPN-900", minOrder: 2, maxPerOrder: 8 });
  });

  it("a job whose stored file is gone fails, saying so, rather than wait for ever", async () => {
    const job = await importJobOf("parts", [HEADER, row(950)]);
    rmSync((await jobOf(job)).file);
    await expect(runImport(job)).rejects.toThrow(/stored file .* is gone/);
    expect(await jobOf(job)).toMatchObject({ status: "failed", error: expect.stringMatching(/is gone/) });
  });

  it("a row replayed after a crash between its part's document and its SKU's claim finds that part rather than adding a second", async () => {
    const job = await importJobOf("parts", [HEADER, row(960)]);
    // What the first try left: the write noted, the part stored, its SKU not yet claimed, no list written.
    const id = rowPartId(job, 2);
    await notePartWrite(id, { part: { before: null } });
    await Part.create({ _id: id, partsname: "Imported part 960", image: "https://example.com/p960.jpg", price: 10, quantity: 10, minOrder: 1, description: "Part 960 from a file.", sku: "IMP-00960", mpn: "MPN-960", brand: "Acme", category: "brakes" });
    await runImport(job);
    const part = await partOfSku("IMP-00960");
    expect(String(part?._id)).toBe(String(id));
    expect(await missingFromCatalogue(part!)).toEqual([]);
  });

  it("replays a batch whose many refusals its first try had stored", async () => {
    const lines = [HEADER, ...Array.from({ length: 150 }, (_, i) => `IMP-R${i},,No price,,,A part.,,5,1,,https://example.com/x.jpg`)];
    const job = await importJobOf("parts", lines);
    // What the first try stored before a crash: its refusals, not its checkpoint.
    await ImportRefusal.insertMany(lines.slice(1).map((_, i) => ({ _id: `${job}:${i + 2}`, job, line: i + 2, reason: "price: first try", cells: [] })));
    await runImport(job);
    expect((await jobOf(job)).counts).toMatchObject({ rows: 150, refused: 150 });
    expect(await ImportRefusal.countDocuments({ job, reason: trusted({ $ne: "price: first try" }) })).toBe(150);
  });

  it("writes the refused rows as a CSV whose formula cells are neutralised", async () => {
    const job = await importJobOf("parts", [HEADER, "=1+2,,+SUM(A1),-3,@cmd,A part.,5,5,1,,https://example.com/x.jpg"]);
    await runImport(job);
    let csv = "";
    for await (const line of refusedRowsCsvLines(job)) csv += line;
    const [head, refused] = csv.trim().split("\n");
    expect(head).toBe("line,reason,row");
    expect(refused).toMatch(/^2,/);
    expect(refused).toContain(",'=1+2,,'+SUM(A1),'-3,'@cmd,A part.,");
  });

  it("a job stopped after some batches goes on from its checkpoint, each row as in the file and every list as the documents", async () => {
    const count = 26;
    const lines = [HEADER, ...Array.from({ length: count }, (_, i) => row(100 + i, 7))];
    const job = await importJobOf("parts", lines);
    await expect(runImport(job, { batchRows: 10, afterBatch: (n) => { if (n === 2) throw new Error("stopped"); } })).rejects.toThrow("stopped");
    const halfway = await jobOf(job);
    expect(halfway).toMatchObject({ status: "running", counts: { rows: 20, added: 20 }, checkpoint: { line: 21 } });
    const started = Date.now();
    await runImport(job, { batchRows: 10 });
    const done = await jobOf(job);
    expect(done).toMatchObject({ status: "done", counts: { rows: count, accepted: count, added: count, refused: 0 } });
    console.log(`[import-parts] resumed ${count - 20} parts at ${Math.round(((count - 20) * 1000) / (Date.now() - started))} rows/s`);
    for (let i = 0; i < count; i += 1) {
      const part = await partOfSku(`IMP-${String(100 + i).padStart(5, "0")}`);
      expect(part, `line ${i + 2}`).toMatchObject({ partsname: `Imported part ${100 + i}`, price: 7, mpn: `MPN-${100 + i}` });
      if (i % 5 === 0) expect(await missingFromCatalogue(part!)).toEqual([]);
    }
  }, 600_000);
});
