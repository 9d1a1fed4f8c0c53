import "server-only";

// The engine answers a read by _id from its primary key and runs `$in` by scanning every document
// (lib/storage/ordered-index.ts), so a page of documents is read one by id each, in parallel.

type ReadsById = { findById(id: string, projection?: Record<string, 1>): { lean<T>(): PromiseLike<T | null> } };

/** The documents of these ids, in this order; an id whose document is gone is left out. */
export async function findEachById<T>(model: ReadsById, ids: readonly string[], projection?: Record<string, 1>): Promise<T[]> {
  const found = await Promise.all(ids.map((id) => model.findById(id, projection).lean<T>()));
  return found.filter((doc) => doc !== null);
}
