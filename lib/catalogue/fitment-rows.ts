import "server-only";
import { type ImportColumn as Column, IMPORT_COLUMNS, REQUIRED_COLUMNS } from "@/lib/vocabulary/fitment-import-format";
import { addFitment } from "@/lib/catalogue/fitment-commands";
import { partByNumber, type PartLookup } from "@/lib/catalogue/part-by-number";
import { NotFoundError } from "@/lib/errors";
import { expandRows } from "@/lib/fitment/rows";
import { LockBusyError } from "@/lib/storage/lock";
import { type CsvColumns, readCsvHeader, readCsvRow } from "@/lib/validation/csv-rows";
import { type FitmentRow, fitmentRowSchema, MAX_MODEL_YEARS_PER_REQUEST } from "@/lib/validation/fitment";

// A fitment file's header and rows read one by one: shared by the one-request import
// (lib/catalogue/fitment-import.ts) and the import jobs (lib/imports/).

export type Rejection = { line: number; reason: string };

/** Each column's field of a fitment row (lib/validation/fitment.ts); a year is read as a number. */
const FORMAT: CsvColumns<Column> = {
  fieldOf: { part_number: "partNumber", make: "make", model: "model", year_from: "yearFrom", year_to: "yearTo", engine: "engine", position: "position", note: "note" },
  all: IMPORT_COLUMNS,
  required: REQUIRED_COLUMNS,
  read: (column, text) => (column.startsWith("year_") && /^\d+$/.test(text) ? Number(text) : text),
};

/** The columns in the header's order; an InvalidInputError (400) for an unknown, repeated or missing one. */
export const readHeader = (fields: string[]): Column[] => readCsvHeader(fields, FORMAT);

/** One line as a fitment row and the number of its part, or why it is refused. */
export function readRow(columns: Column[], fields: string[]): { partNumber: string; row: FitmentRow } | { reason: string } {
  const read = readCsvRow(FORMAT, columns, fields, fitmentRowSchema);
  if ("reason" in read) return read;
  if (typeof read.values.partNumber !== "string") return { reason: "part_number is empty" };
  return { partNumber: read.values.partNumber, row: read.data };
}

/** Rows cut so that none of the parts' requests spans more model years than one may. */
export function inBatches(rows: FitmentRow[]): FitmentRow[][] {
  const batches: FitmentRow[][] = [[]];
  let years = 0;
  for (const row of rows) {
    const span = expandRows([row]).length;
    if (years + span > MAX_MODEL_YEARS_PER_REQUEST) {
      batches.push([]);
      years = 0;
    }
    batches.at(-1)!.push(row);
    years += span;
  }
  return batches;
}

/** A row and the line of the file it was on. */
export type LinedRow = { line: number; row: FitmentRow };

/** The rows read and grouped by their part (found by its number, each number looked up once), and those refused with their reasons. */
export async function rowsByPart(columns: Column[], lines: readonly { line: number; fields: string[] }[]): Promise<{ byPart: Map<string, LinedRow[]>; refused: Rejection[] }> {
  const refused: Rejection[] = [];
  const lookups = new Map<string, Promise<PartLookup>>();
  const byPart = new Map<string, LinedRow[]>();
  for (const { line, fields } of lines) {
    const read = readRow(columns, fields);
    if ("reason" in read) {
      refused.push({ line, reason: read.reason });
      continue;
    }
    const key = read.partNumber.toLowerCase();
    if (!lookups.has(key)) lookups.set(key, partByNumber(read.partNumber));
    const lookup = await lookups.get(key)!;
    if ("error" in lookup) {
      refused.push({ line, reason: `part_number: ${lookup.error}` });
      continue;
    }
    byPart.set(lookup.partId, [...(byPart.get(lookup.partId) ?? []), { line, row: read.row }]);
  }
  return { byPart, refused };
}

export type PartRowsOutcome = { accepted: number; added: number; updated: number; unchanged: number; refused: Rejection[] };

/**
 * Adds one part's rows through the admin's command (addFitment), as many model years a request as
 * one may take. The rows of a part deleted meanwhile are refused; a part kept busy (its lock held)
 * refuses them too when `busy` is "refuse" (a request cannot wait), and is thrown otherwise, like
 * anything else (the database gone), for the caller to try again.
 */
export async function addPartRows(partId: string, rows: readonly LinedRow[], busy: "refuse" | "throw"): Promise<PartRowsOutcome> {
  const outcome: PartRowsOutcome = { accepted: 0, added: 0, updated: 0, unchanged: 0, refused: [] };
  const left = [...rows];
  for (const batch of inBatches(rows.map(({ row }) => row))) {
    const lines = left.splice(0, batch.length).map(({ line }) => line);
    try {
      const result = await addFitment(partId, batch);
      outcome.added += result.added;
      outcome.updated += result.updated;
      outcome.unchanged += result.unchanged;
      outcome.accepted += batch.length;
    } catch (failure) {
      const reason = failure instanceof NotFoundError ? "part_number: the part was deleted during the import" : failure instanceof LockBusyError && busy === "refuse" ? "the part was busy: import this row again" : null;
      if (!reason) throw failure;
      outcome.refused.push(...lines.map((line) => ({ line, reason })));
    }
  }
  return outcome;
}
