import { InvalidInputError } from "@/lib/errors";
import { type NewPart, partSchema } from "@/lib/validation/parts";
import { PARTS_IMPORT_COLUMNS, PARTS_REQUIRED_COLUMNS, type PartsImportColumn as Column } from "@/lib/vocabulary/parts-import-format";

// A parts file's header and rows: each row is checked by the add-product form's own schema, so an
// imported part obeys exactly what Add Product obeys.

/** Each column's field of the add-product form (lib/validation/parts.ts). */
const FIELDS: Record<Column, keyof NewPart> = {
  sku: "sku",
  mpn: "mpn",
  name: "partsname",
  brand: "brand",
  category: "category",
  description: "description",
  price: "price",
  stock: "quantity",
  min_order: "minOrder",
  max_order: "maxPerOrder",
  image_url: "image",
};
const NUMBERS: ReadonlySet<Column> = new Set(["price", "stock", "min_order", "max_order"]);
const columnOf = Object.fromEntries(Object.entries(FIELDS).map(([column, field]) => [field, column])) as Record<string, Column>;

/** The part's fields a file's columns give: an update leaves the others as they are. */
export const fieldsOfColumns = (columns: readonly Column[]): ReadonlySet<keyof NewPart> => new Set(columns.map((column) => FIELDS[column]));

/** The columns in the header's order; an InvalidInputError for an unknown, repeated or missing one. */
export function readPartsHeader(fields: string[]): Column[] {
  const columns = fields.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !Object.hasOwn(FIELDS, name));
  if (unknown.length > 0) throw new InvalidInputError(`Line 1: unknown column ${unknown.join(", ")}; the columns are ${PARTS_IMPORT_COLUMNS.join(", ")}.`);
  if (new Set(columns).size !== columns.length) throw new InvalidInputError("Line 1: a column is named twice.");
  const missing = PARTS_REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new InvalidInputError(`Line 1: the header lacks ${missing.join(", ")}; the columns are ${PARTS_IMPORT_COLUMNS.join(", ")}.`);
  return columns as Column[];
}

/** One line as a new part (its SKU given), or why it is refused. */
export function readPartRow(columns: Column[], fields: string[]): { part: NewPart & { sku: string } } | { reason: string } {
  if (fields.length !== columns.length) return { reason: `${fields.length} fields where the header has ${columns.length}` };
  const values: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const text = fields[i]!.trim();
    if (text === "") return;
    // A number cell that is no number is kept as text, for the schema to refuse with its own message.
    values[FIELDS[column]] = NUMBERS.has(column) && text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
  });
  const parsed = partSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { reason: `${columnOf[String(issue.path[0])] ?? "row"}: ${issue.message}` };
  }
  if (!parsed.data.sku) return { reason: "sku: the SKU names the part to add or update, and is required" };
  return { part: { ...parsed.data, sku: parsed.data.sku } };
}
