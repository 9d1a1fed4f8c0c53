import "server-only";
import { InvalidInputError } from "@/lib/errors";
import { parseCsv } from "@/lib/fitment/csv";
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "@/lib/vocabulary/fitment-import-format";
import { addPartRows, readHeader, rowsByPart, type Rejection } from "@/lib/catalogue/fitment-rows";

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
  const { byPart, refused: rejected } = await rowsByPart(readHeader(header.fields), body);
  const totals = { added: 0, updated: 0, unchanged: 0 };
  let accepted = 0;
  for (const [partId, rows] of byPart) {
    // A part deleted meanwhile or kept busy refuses its rows, which a second import adds; anything
    // else (the database gone) ends the import, whose rows are safe to send again.
    const outcome = await addPartRows(partId, rows, "refuse");
    totals.added += outcome.added;
    totals.updated += outcome.updated;
    totals.unchanged += outcome.unchanged;
    accepted += outcome.accepted;
    rejected.push(...outcome.refused);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { rows: body.length, accepted, rejected, parts: byPart.size, ...totals };
}
