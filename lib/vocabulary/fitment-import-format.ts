// The fitment CSV's columns and limits, shared by the import (lib/catalogue/fitment-import.ts), its admin page
// and the API document: the first four columns are required, in any order.

export const IMPORT_COLUMNS = ["part_number", "make", "model", "year_from", "year_to", "engine", "position", "note"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly ImportColumn[] = IMPORT_COLUMNS.slice(0, 4);
/** Rows one file may hold: a large catalogue's fitment comes in several files. */
export const MAX_IMPORT_ROWS = 5000;
