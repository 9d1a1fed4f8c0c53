import "server-only";
import { InvalidInputError } from "@/lib/errors";
import { type ImportColumn as Column, IMPORT_COLUMNS, REQUIRED_COLUMNS } from "@/lib/vocabulary/fitment-import-format";
import { expandRows } from "@/lib/fitment/rows";
import { type FitmentRow, fitmentRowSchema, MAX_MODEL_YEARS_PER_REQUEST } from "@/lib/validation/fitment";

// A fitment file's header and rows read one by one: shared by the one-request import
// (lib/catalogue/fitment-import.ts) and the import jobs (lib/imports/).

export type Rejection = { line: number; reason: string };

/** Each column's field of a fitment row (lib/validation/fitment.ts). */
const COLUMNS: Record<Column, string> = { part_number: "partNumber", make: "make", model: "model", year_from: "yearFrom", year_to: "yearTo", engine: "engine", position: "position", note: "note" };
const REQUIRED = REQUIRED_COLUMNS;

const columnOf = Object.fromEntries(Object.entries(COLUMNS).map(([column, key]) => [key, column])) as Record<string, Column>;

/** The columns in the header's order; an InvalidInputError (400) for an unknown, repeated or missing one. */
export function readHeader(fields: string[]): Column[] {
  const columns = fields.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !Object.hasOwn(COLUMNS, name));
  if (unknown.length > 0) throw new InvalidInputError(`Line 1: unknown column ${unknown.join(", ")}; the columns are ${IMPORT_COLUMNS.join(", ")}.`);
  if (new Set(columns).size !== columns.length) throw new InvalidInputError("Line 1: a column is named twice.");
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new InvalidInputError(`Line 1: the header lacks ${missing.join(", ")}; the columns are ${IMPORT_COLUMNS.join(", ")}.`);
  return columns as Column[];
}

/** One line as a fitment row and the number of its part, or why it is refused. */
export function readRow(columns: Column[], fields: string[]): { partNumber: string; row: FitmentRow } | { reason: string } {
  if (fields.length !== columns.length) return { reason: `${fields.length} fields where the header has ${columns.length}` };
  const values: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const text = fields[i]!.trim();
    if (text === "") return;
    values[COLUMNS[column]] = column.startsWith("year_") && /^\d+$/.test(text) ? Number(text) : text;
  });
  const parsed = fitmentRowSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { reason: `${columnOf[String(issue.path[0])] ?? "row"}: ${issue.message}` };
  }
  if (typeof values.partNumber !== "string") return { reason: "part_number is empty" };
  return { partNumber: values.partNumber, row: parsed.data };
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

