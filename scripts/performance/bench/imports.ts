// BENCH_ONLY=imports npm run bench: a parts file, then a fitment file over its parts, imported by
// the import job's own runner (lib/imports/run-import.ts: every kept list and search term included)
// into a fresh database, the parts file a second time (nothing to change) and a third with every price
// and stock changed, and the rows each moved a second; then the shop's pages and orders with and
// without a parts import running beside it (shop-during-import.ts).
//   BENCH_IMPORT_PARTS (parts rows, default 1,000), BENCH_IMPORT_FITMENT (fitment rows, default 10,000),
//   BENCH_IMPORT_SHOP=0 (leave out the shop during an import).
// Results: a table on stdout and JSON in .bench/: imports-latest.json and a timestamped copy.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createImportJob } from "@/lib/imports/import-jobs";
import { runImport } from "@/lib/imports/run-import";
import { ensureIndexes } from "@/lib/seed/seed";
import { disconnectDb } from "@/lib/storage/connect";
import { CATEGORY_SLUGS } from "@/lib/vocabulary/categories";
import { ImportJob } from "@/models/ImportJob";
import { benchDir, loadAverage, log, markdownTable, startDatabase, stopAll } from "./shared";
import { shopDuringImport } from "./shop-during-import";

const PARTS_TARGET = 1_000;
const FITMENT_TARGET = 2_000;
const partsRows = Number(process.env.BENCH_IMPORT_PARTS ?? 1_000);
const fitmentRows = Number(process.env.BENCH_IMPORT_FITMENT ?? 10_000);
const MAKES = ["Toyota", "Honda", "Ford", "Chevrolet", "Nissan", "Volkswagen", "BMW", "Audi", "Hyundai", "Kia"];
const MODELS = ["Alpha", "Bravo", "Coupe", "Duster"];

const sku = (i: number, prefix = "BI") => `${prefix}-${String(i).padStart(7, "0")}`;

/** A supplier's parts file: words a catalogue has (so the search terms' lists are real ones), one category each. */
function partsFile(count: number, repriced = false, prefix = "BI"): string {
  const lines = ["sku,mpn,name,brand,category,description,price,stock,min_order,max_order,image_url"];
  for (let i = 0; i < count; i++) {
    const category = CATEGORY_SLUGS[i % CATEGORY_SLUGS.length]!;
    lines.push(`${sku(i, prefix)},${prefix}MP${i}X,${MAKES[i % 10]} ${category} part ${i},Brand${i % 25},${category},Imported ${category} part number ${i} for the bench.,${(5 + (i % 300) + (repriced ? 1.5 : 0)).toFixed(2)},${(i % 40) + (repriced ? 3 : 0)},1,,https://example.com/bench/${i}.jpg`);
  }
  return `${lines.join("\n")}\n`;
}

/** A fitment file over those parts: each row one model and a span of 1 to 4 years. */
function fitmentFile(count: number, parts: number): string {
  const lines = ["part_number,make,model,year_from,year_to,engine,position,note"];
  for (let i = 0; i < count; i++) {
    const from = 2000 + (i % 20);
    lines.push(`${sku(i % parts)},${MAKES[Math.floor(i / parts) % 10]},${MODELS[Math.floor(i / parts / 10) % 4]},${from},${from + (i % 4)},,,`);
  }
  return `${lines.join("\n")}\n`;
}

type ImportRow = { kind: string; rows: number; seconds: number; rowsPerSecond: number; target: number; accepted: number; refused: number };

async function timeImport(kind: "parts" | "fitment", file: string, target: number, label: string = kind): Promise<ImportRow> {
  const started = performance.now();
  const id = await createImportJob(kind, file);
  await runImport(id);
  const seconds = (performance.now() - started) / 1000;
  const job = await ImportJob.findById(id).lean();
  if (job?.status !== "done") throw new Error(`the ${kind} import ended ${job?.status}: ${job?.error ?? ""}`);
  const rows = job.counts?.rows ?? 0;
  const row = { kind: label, rows, seconds: Math.round(seconds * 10) / 10, rowsPerSecond: Math.round(rows / seconds), target, accepted: job.counts?.accepted ?? 0, refused: job.counts?.refused ?? 0 };
  log(`imports: ${label}: ${rows} rows in ${row.seconds} s, ${row.rowsPerSecond} rows/s (target ${target}); ${row.refused} refused`);
  return row;
}

export async function runImports(): Promise<void> {
  const folder = path.join(benchDir, "imports");
  mkdirSync(folder, { recursive: true });
  process.env.IMPORTS_DIR = path.join(folder, "stored");
  const partsPath = path.join(folder, "parts.csv");
  const repricedPath = path.join(folder, "parts-repriced.csv");
  const fitmentPath = path.join(folder, "fitment.csv");
  writeFileSync(partsPath, partsFile(partsRows));
  writeFileSync(repricedPath, partsFile(partsRows, true));
  writeFileSync(fitmentPath, fitmentFile(fitmentRows, partsRows));
  // New parts only, more than the measuring lasts: imported beside the shop while it is measured.
  const duringPath = path.join(folder, "parts-during.csv");
  writeFileSync(duringPath, partsFile(5_000, false, "BD"));
  const database = await startDatabase(".data/bench-imports");
  try {
    await ensureIndexes();
    const results = [
      await timeImport("parts", partsPath, PARTS_TARGET, "parts (new)"),
      // The daily file of prices and stock: the same parts again, each row read and found unchanged.
      await timeImport("parts", partsPath, PARTS_TARGET, "parts (same file again)"),
      // Every part's price and stock changed: each moves in the price lists (and price bands) it is in.
      await timeImport("parts", repricedPath, PARTS_TARGET, "parts (prices and stock changed)"),
      await timeImport("fitment", fitmentPath, FITMENT_TARGET),
    ];
    console.log(
      markdownTable(
        ["import", "rows", "seconds", "rows/s", "target rows/s", "refused"],
        results.map((row) => [row.kind, String(row.rows), String(row.seconds), String(row.rowsPerSecond), String(row.target), String(row.refused)]),
      ),
    );
    const during = process.env.BENCH_IMPORT_SHOP === "0" ? [] : await shopDuringImport(database.uri, sku(0), duringPath);
    if (during.length > 0) {
      console.log(
        markdownTable(
          ["the shop during a parts import", "p50 without (ms)", "p50 during (ms)", "ratio", "target ratio"],
          during.map((row) => [row.row, String(row.p50Without), String(row.p50During), String(row.ratio), `≤ ${row.target}`]),
        ),
      );
    }
    const report = JSON.stringify({ at: new Date().toISOString(), loadAverage: loadAverage(), results, shopDuringImport: during }, null, 2);
    writeFileSync(path.join(benchDir, "imports-latest.json"), report);
    writeFileSync(path.join(benchDir, `imports-${Date.now()}.json`), report);
  } finally {
    await disconnectDb();
    await stopAll(undefined, [], database.server);
  }
}
