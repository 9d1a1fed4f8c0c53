import "server-only";
import { LockBusyError } from "@/lib/storage/lock";
import { InvalidInputError, NotFoundError } from "@/lib/errors";
import { addFitment } from "@/lib/catalogue/fitment-commands";
import { parseCsv } from "@/lib/fitment/csv";
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "@/lib/vocabulary/fitment-import-format";
import { inBatches, readHeader, readRow } from "@/lib/catalogue/fitment-rows";
import { partByNumber, type PartLookup } from "@/lib/catalogue/part-by-number";
import type { FitmentRow } from "@/lib/validation/fitment";
import type { Rejection } from "@/lib/catalogue/fitment-rows";

// An admin's fitment file (POST /fitment-imports): one row per part number and vehicle or year
// range. Every row is checked on its own; the good ones are added, part by part, through the same
// command as the admin's form, and each bad one is reported with its line and reason and changes nothing.

export type ImportReport = { rows: number; accepted: number; rejected: Rejection[]; parts: number; added: number; updated: number; unchanged: number };

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
