import "server-only";
import { type PartsReader, partsByIds } from "@/lib/catalogue/queries";
import type { PartView } from "@/lib/catalogue/views";
import type { CartLineFields } from "@/models/Cart";

/**
 * The parts of a cart's lines, by id (one read by _id each, at most a cart's 50); a deleted part is
 * missing. As they are now by default; `readParts` may read them from the data cache instead.
 */
export async function partsOfLines(lines: readonly CartLineFields[], readParts: PartsReader = partsByIds): Promise<Map<string, PartView>> {
  const parts = await readParts(lines.map((line) => line.partId));
  return new Map(parts.map((part) => [part._id, part]));
}
