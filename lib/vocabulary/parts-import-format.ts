// The parts CSV's columns, shared by the import jobs (lib/imports/) and their documentation: sku,
// name, description, price and stock are required, in any order; the SKU names the part to add or update.

export const PARTS_IMPORT_COLUMNS = ["sku", "mpn", "name", "brand", "category", "description", "price", "stock", "min_order", "max_order", "image_url"] as const;
export type PartsImportColumn = (typeof PARTS_IMPORT_COLUMNS)[number];
export const PARTS_REQUIRED_COLUMNS: readonly PartsImportColumn[] = ["sku", "name", "description", "price", "stock", "image_url"];
