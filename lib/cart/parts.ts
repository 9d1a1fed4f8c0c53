import "server-only";
import { partsByIds } from "@/lib/catalogue/queries";
import type { PartView } from "@/lib/catalogue/views";
import type { CartLineFields } from "@/models/Cart";

/** The parts of a cart's lines as they are now, by id (one read by _id each, at most a cart's 50); a deleted part is missing. */
export async function partsOfLines(lines: readonly CartLineFields[]): Promise<Map<string, PartView>> {
  const parts = await partsByIds(lines.map((line) => line.partId));
  return new Map(parts.map((part) => [part._id, part]));
}
