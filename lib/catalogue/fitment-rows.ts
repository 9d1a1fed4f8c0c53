import "server-only";
import { type ImportColumn as Column, IMPORT_COLUMNS, REQUIRED_COLUMNS } from "@/lib/vocabulary/fitment-import-format";
import { expandRows } from "@/lib/fitment/rows";
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

