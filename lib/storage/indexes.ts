import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { IndexChunk } from "@/lib/storage/models/IndexChunk";
import { ListJournal } from "@/lib/storage/models/ListJournal";
import { StockLock } from "@/lib/storage/models/StockLock";

/** Builds the indexes of the storage layer's own collections: list chunks, locks (their expiry), journal notes. */
export async function ensureStorageIndexes(): Promise<void> {
  await connectDb();
  for (const model of [IndexChunk, StockLock, ListJournal]) await model.createIndexes();
}
