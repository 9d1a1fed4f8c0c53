import { type CsvColumns, readCsvHeader, readCsvRow } from "@/lib/validation/csv-rows";
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
// A number cell that is no number is kept as text, for the schema to refuse with its own message.
const FORMAT: CsvColumns<Column> = { fieldOf: FIELDS, all: PARTS_IMPORT_COLUMNS, required: PARTS_REQUIRED_COLUMNS, read: (column, text) => (NUMBERS.has(column) && Number.isFinite(Number(text)) ? Number(text) : text) };

/** The part's fields a file's columns give: an update leaves the others as they are. */
export const fieldsOfColumns = (columns: readonly Column[]): ReadonlySet<keyof NewPart> => new Set(columns.map((column) => FIELDS[column]));

/** The columns in the header's order; an InvalidInputError for an unknown, repeated or missing one. */
export const readPartsHeader = (fields: string[]): Column[] => readCsvHeader(fields, FORMAT);

/** One line as a new part (its SKU given), or why it is refused. */
export function readPartRow(columns: Column[], fields: string[]): { part: NewPart & { sku: string } } | { reason: string } {
  const read = readCsvRow(FORMAT, columns, fields, partSchema);
  if ("reason" in read) return read;
  if (!read.data.sku) return { reason: "sku: the SKU names the part to add or update, and is required" };
  return { part: { ...read.data, sku: read.data.sku } };
}
