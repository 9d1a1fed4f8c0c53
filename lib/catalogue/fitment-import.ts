import "server-only";
import { LockBusyError } from "@/lib/storage/lock";
import { InvalidInputError, NotFoundError } from "@/lib/errors";
import { addFitment } from "@/lib/catalogue/fitment-commands";
import { parseCsv } from "@/lib/fitment/csv";
import { type ImportColumn as Column, IMPORT_COLUMNS, MAX_IMPORT_ROWS, REQUIRED_COLUMNS } from "@/lib/vocabulary/fitment-import-format";
import { partByNumber, type PartLookup } from "@/lib/catalogue/part-by-number";
import { expandRows } from "@/lib/fitment/rows";
import { type FitmentRow, fitmentRowSchema, MAX_MODEL_YEARS_PER_REQUEST } from "@/lib/validation/fitment";

// An admin's fitment file (POST /fitment-imports): one row per part number and vehicle or year
// range. Every row is checked on its own; the good ones are added, part by part, through the same
// command as the admin's form, and each bad one is reported with its line and reason and changes nothing.

/** Each column's field of a fitment row (lib/validation/fitment.ts). */
const COLUMNS: Record<Column, string> = { part_number: "partNumber", make: "make", model: "model", year_from: "yearFrom", year_to: "yearTo", engine: "engine", position: "position", note: "note" };
const REQUIRED = REQUIRED_COLUMNS;

export type Rejection = { line: number; reason: string };
export type ImportReport = { rows: number; accepted: number; rejected: Rejection[]; parts: number; added: number; updated: number; unchanged: number };

const columnOf = Object.fromEntries(Object.entries(COLUMNS).map(([column, key]) => [key, column])) as Record<string, Column>;

/** The columns in the header's order; an InvalidInputError (400) for an unknown, repeated or missing one. */
function readHeader(fields: string[]): Column[] {
  const columns = fields.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !Object.hasOwn(COLUMNS, name));
  if (unknown.length > 0) throw new InvalidInputError(`Line 1: unknown column ${unknown.join(", ")}; the columns are ${IMPORT_COLUMNS.join(", ")}.`);
  if (new Set(columns).size !== columns.length) throw new InvalidInputError("Line 1: a column is named twice.");
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new InvalidInputError(`Line 1: the header lacks ${missing.join(", ")}; the columns are ${IMPORT_COLUMNS.join(", ")}.`);
  return columns as Column[];
}

/** One line as a fitment row and the number of its part, or why it is refused. */
function readRow(columns: Column[], fields: string[]): { partNumber: string; row: FitmentRow } | { reason: string } {
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
function inBatches(rows: FitmentRow[]): FitmentRow[][] {
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

export async function importFitment(text: string): Promise<ImportReport> {
  const { lines, error } = parseCsv(text);
  if (error) throw new InvalidInputError(error);
  const [header, ...body] = lines;
  if (!header) throw new InvalidInputError(`The file is empty; its first line names the columns: ${IMPORT_COLUMNS.join(", ")}.`);
  if (body.length > MAX_IMPORT_ROWS) throw new InvalidInputError(`The file has ${body.length} rows; send at most ${MAX_IMPORT_ROWS} a file.`);
  const columns = readHeader(header.fields);
  const rejected: Rejection[] = [];
  const lookups = new Map<string, Promise<PartLookup>>();
  const byPart = new Map<string, { line: number; row: FitmentRow }[]>();
  for (const { line, fields } of body) {
    const read = readRow(columns, fields);
    if ("reason" in read) {
      rejected.push({ line, reason: read.reason });
      continue;
    }
    const key = read.partNumber.toLowerCase();
    if (!lookups.has(key)) lookups.set(key, partByNumber(read.partNumber));
    const lookup = await lookups.get(key)!;
    if ("error" in lookup) {
      rejected.push({ line, reason: `part_number: ${lookup.error}` });
      continue;
    }
    byPart.set(lookup.partId, [...(byPart.get(lookup.partId) ?? []), { line, row: read.row }]);
  }
  const totals = { added: 0, updated: 0, unchanged: 0 };
  let accepted = 0;
  for (const [partId, rows] of byPart) {
    for (const batch of inBatches(rows.map(({ row }) => row))) {
      const batchLines = rows.splice(0, batch.length).map(({ line }) => line);
      try {
        const result = await addFitment(partId, batch);
        totals.added += result.added;
        totals.updated += result.updated;
        totals.unchanged += result.unchanged;
        accepted += batch.length;
      } catch (failure) {
        // The part went (deleted meanwhile) or stayed busy: its rows are reported, and added again by
        // a second import; anything else (the database gone) ends the import, whose rows are safe to send again.
        const reason = failure instanceof NotFoundError ? "part_number: the part was deleted during the import" : failure instanceof LockBusyError ? "the part was busy: import this row again" : null;
        if (!reason) throw failure;
        rejected.push(...batchLines.map((line) => ({ line, reason })));
      }
    }
  }
  rejected.sort((a, b) => a.line - b.line);
  return { rows: body.length, accepted, rejected, parts: byPart.size, ...totals };
}
