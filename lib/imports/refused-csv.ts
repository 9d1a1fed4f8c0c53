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

export async function refusedRowsCsv(jobId: string): Promise<string> {
  await connectDb();
  const refusals = await ImportRefusal.find({ job: jobId }).sort({ line: 1 }).lean();
  return [csvLine(["line", "reason", "row"]), ...refusals.map(({ line, reason, cells }) => csvLine([String(line), reason, ...cells]))].join("\n") + "\n";
}
