import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { partListChanges } from "@/lib/catalogue/lists";
import { createImportJob, type ImportKindName, type ImportMode } from "@/lib/imports/import-jobs";
import { LISTED_FIELDS, type ListedPart } from "@/lib/parts/listed-part";
import { missingFromLists } from "@/lib/storage/ordered-lists";
import { compactNumber } from "@/lib/vocabulary/part-numbers";
import { ImportJob } from "@/models/ImportJob";
import { Part } from "@/models/Part";

// Files for the import jobs' tests, written to a folder of the test's own (IMPORTS_DIR too).

const folder = mkdtempSync(path.join(os.tmpdir(), "imports-test-"));
process.env.IMPORTS_DIR = path.join(folder, "stored");
let files = 0;

/** A job over these lines, its file written and stored. */
export async function importJobOf(kind: ImportKindName, lines: string[], mode: ImportMode = "merge"): Promise<string> {
  const file = path.join(folder, `file-${(files += 1)}.csv`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return createImportJob(kind, file, mode);
}

export const jobOf = async (id: string) => (await ImportJob.findById(id).lean())!;

/** The part bearing the SKU, by its compact form; two parts bearing it fail the test. */
export async function partOfSku(sku: string): Promise<ListedPart | null> {
  const parts = await Part.find({}, LISTED_FIELDS).lean<ListedPart[]>();
  const bearing = parts.filter((part) => compactNumber(part.sku ?? "") === compactNumber(sku));
  if (bearing.length > 1) throw new Error(`${bearing.length} parts bear the SKU ${sku}`);
  return bearing[0] ?? null;
}

/** The catalogue lists (sorts, search terms, numbers, facets) the part belongs in that lack it. */
export async function missingFromCatalogue(part: ListedPart): Promise<string[]> {
  return (await missingFromLists(partListChanges(part, "add"))).map((change) => change.list);
}
