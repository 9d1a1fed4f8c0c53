import "server-only";
import { SORTED_FIELDS, type SortedPart } from "@/lib/parts/listed-part";
import { Part } from "@/models/Part";

/**
 * At most this many parts out of stock are read: a shop restocks what it sells out of, so these are
 * few next to the catalogue; past it, "in stock" would count a few sold-out parts as in stock.
 */
export const MAX_OUT_OF_STOCK = 5000;

/**
 * The parts out of stock just now: an equality find on quantity, which its index answers
 * (models/Part.ts, lib/storage/postgres-equality-indexes.sql), so it reads those parts only.
 */
export async function outOfStockParts(): Promise<SortedPart[]> {
  // Only what their keys are made of: these are read on every render of the catalogue.
  return Part.find({ quantity: 0 }, SORTED_FIELDS, { limit: MAX_OUT_OF_STOCK }).lean<SortedPart[]>();
}
