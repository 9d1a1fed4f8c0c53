import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { ImportRefusal } from "@/models/ImportRefusal";

// The refused rows of a job as a CSV to open in a spreadsheet: the line, the reason and the row's
// own cells. A cell a spreadsheet would run as a formula (=, +, - or @ first) is neutralised with a
// leading ', so a file from outside cannot run anything on the operator's machine.

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralised(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

const quoted = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csvLine = (cells: string[]): string => cells.map((cell) => quoted(neutralised(cell))).join(",");

/** The CSV's lines in the order of the file, read from the database as they are written out: a job may refuse millions of rows. */
export async function* refusedRowsCsvLines(jobId: string): AsyncGenerator<string> {
  await connectDb();
  yield `${csvLine(["line", "reason", "row"])}\n`;
  for await (const { line, reason, cells } of ImportRefusal.find({ job: jobId }).sort({ line: 1 }).lean().cursor()) yield `${csvLine([String(line), reason, ...cells])}\n`;
}
