import "server-only";
import { readList } from "@/lib/storage/ordered-index";
import type { IndexKey } from "@/lib/storage/models/IndexChunk";

/** A part to leave out of a list's pages: its key in that list, and its id. */
export type LeftOut = { key: IndexKey; id: string };

/**
 * One page of a list without some of its parts (those out of stock), reading one window of it: the
 * window starts where the page would without them, and each part of the page lies at most
 * `leftOut.length` places past that. Those before the window are counted from their keys, unread.
 */
export async function pageLeavingOut(list: string, { offset, limit, descending }: { offset: number; limit: number; descending: boolean }, leftOut: LeftOut[], idOf: (key: IndexKey) => string): Promise<string[]> {
  const gone = new Set(leftOut.map((part) => part.id));
  const { keys } = await readList(list, { offset, limit: limit + leftOut.length, descending });
  const first = keys[0];
  if (first === undefined) return [];
  const before = leftOut.filter(({ key }) => (descending ? key > first : key < first)).length;
  return keys.map(idOf).filter((id) => !gone.has(id)).slice(before, before + limit);
}
