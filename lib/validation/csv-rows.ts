import type { z } from "zod";
import { InvalidInputError } from "@/lib/errors";

// How the imports read a CSV file's header and rows: named columns in any order, each row checked
// by a form's own schema, and a refusal named by the column the schema's first complaint is about.

/** A file's columns: each one's field of the form, and how a cell of it is read (trimmed text otherwise). */
export type CsvColumns<C extends string> = { fieldOf: Record<C, string>; all: readonly C[]; required: readonly C[]; read?: (column: C, text: string) => unknown };

/** The columns in the header's order; an InvalidInputError (400) for an unknown, repeated or missing one. */
export function readCsvHeader<C extends string>(fields: string[], { fieldOf, all, required }: CsvColumns<C>): C[] {
  const columns = fields.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !Object.hasOwn(fieldOf, name));
  if (unknown.length > 0) throw new InvalidInputError(`Line 1: unknown column ${unknown.join(", ")}; the columns are ${all.join(", ")}.`);
  if (new Set(columns).size !== columns.length) throw new InvalidInputError("Line 1: a column is named twice.");
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new InvalidInputError(`Line 1: the header lacks ${missing.join(", ")}; the columns are ${all.join(", ")}.`);
  return columns as C[];
}

/** One row checked by `schema` (an empty cell left out, so the schema's default or message applies), or why it is refused. */
export function readCsvRow<C extends string, S extends z.ZodType>(format: CsvColumns<C>, columns: readonly C[], fields: string[], schema: S): { values: Record<string, unknown>; data: z.output<S> } | { reason: string } {
  if (fields.length !== columns.length) return { reason: `${fields.length} fields where the header has ${columns.length}` };
  const values: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const text = fields[i]!.trim();
    if (text !== "") values[format.fieldOf[column]] = format.read ? format.read(column, text) : text;
  });
  const parsed = schema.safeParse(values);
  if (parsed.success) return { values, data: parsed.data };
  const field = String(parsed.error.issues[0]!.path[0]);
  const column = format.all.find((name) => format.fieldOf[name] === field);
  return { reason: `${column ?? "row"}: ${parsed.error.issues[0]!.message}` };
}
