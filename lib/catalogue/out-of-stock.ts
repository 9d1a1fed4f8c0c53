import "server-only";
import { Types } from "mongoose";
import { cachedOrDirect, publicRead } from "@/lib/cache/public-read";
import { CACHE_TAGS } from "@/lib/cache/tags";
import { SORTED_FIELDS, type SortedPart } from "@/lib/parts/listed-part";
import { connectDb } from "@/lib/storage/connect";
import { Part } from "@/models/Part";

/**
 * At most this many parts out of stock are read: a shop restocks what it sells out of, so these are
 * few next to the catalogue; past it, "in stock" would count a few sold-out parts as in stock.
 */
export const MAX_OUT_OF_STOCK = 5000;

/** A sold-out part as the data cache keeps it: JSON, so its id and time as text. */
type StoredPart = Omit<SortedPart, "_id" | "createdAt"> & { _id: string; createdAt?: string | null };

/**
 * The parts out of stock just now: an equality find on quantity, which its index answers
 * (models/Part.ts, lib/storage/postgres-equality-indexes.sql), so it reads those parts only.
 */
async function readOutOfStock(): Promise<StoredPart[]> {
  await connectDb();
  // Only what their keys are made of: the sorts' and facets' entries.
  const parts = await Part.find({ quantity: 0 }, SORTED_FIELDS, { limit: MAX_OUT_OF_STOCK }).lean<SortedPart[]>();
  return parts.map((part) => ({ ...part, _id: String(part._id), createdAt: part.createdAt ? part.createdAt.toISOString() : null }));
}

// Every catalogue page narrowed by a search, a vehicle or a facet needs them, and the engine
// decodes each part it finds at a cost (some 10 ms for 40 parts): from the data cache they cost a
// read of it. An order that sells a part out marks the entry stale (lib/cache/tags.ts), as it does
// the cached catalogue pages that hold it, an admin's stock change or a part's edit expires it.
const cachedOutOfStock = publicRead(readOutOfStock, ["out-of-stock"], [CACHE_TAGS.parts, CACHE_TAGS.stock]);

const revived = (part: StoredPart): SortedPart => ({ ...part, _id: new Types.ObjectId(part._id), createdAt: part.createdAt ? new Date(part.createdAt) : null });

/** The parts out of stock (outside a Next.js server, from the database). */
export async function outOfStockParts(): Promise<SortedPart[]> {
  return (await cachedOrDirect(cachedOutOfStock, readOutOfStock)).map(revived);
}
