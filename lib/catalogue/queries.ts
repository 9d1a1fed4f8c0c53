import "server-only";
import { isValidObjectId } from "mongoose";
import type { PartSort } from "@/lib/catalogue/query-string";
import { searchFilter } from "@/lib/catalogue/search";
import { type PartView, toPartView } from "@/lib/catalogue/views";
import { connectDb, trusted } from "@/lib/db/connect";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import { Part, type PartDoc } from "@/models/Part";

/** One page of the catalogue in its own order: oldest first, so the home page's "first 3" are stable. */
export async function listParts({ limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<PartView[]> {
  await connectDb();
  const parts = await Part.find().sort({ createdAt: 1, _id: 1 }).skip(skip).limit(limit).lean<PartDoc[]>();
  return parts.map(toPartView);
}

/** One part, or null when the id is malformed or unknown. */
export async function findPart(id: string): Promise<PartView | null> {
  if (!isValidObjectId(id) || !/^[0-9a-f]{24}$/i.test(id)) return null;
  await connectDb();
  const part = await Part.findById(id).lean<PartDoc>();
  return part ? toPartView(part) : null;
}

/**
 * Which of these part ids are still in the catalogue, in one bounded read by _id: an order keeps
 * its part's id and name after the part is deleted, and a page links only the parts that remain.
 */
export async function partsInCatalogue(ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)].filter((id) => /^[0-9a-f]{24}$/i.test(id));
  if (wanted.length === 0) return new Set();
  await connectDb();
  const parts = await Part.find({ _id: trusted({ $in: wanted }) }, { _id: 1 }).limit(wanted.length).lean<{ _id: unknown }[]>();
  return new Set(parts.map((part) => String(part._id)));
}

/** Parts per catalogue page (/parts?page=N). */
export const CATALOGUE_PAGE_SIZE = 12;

// Each sort is an index of models/Part.ts read forwards or, for price-desc, wholly backwards
// (so ties on price come newest id first there: a { price: -1, _id: 1 } sort would need an index of its own).
const SORT_ORDERS: Record<PartSort | "catalogue", Record<string, 1 | -1>> = {
  catalogue: { createdAt: 1, _id: 1 },
  "price-asc": { price: 1, _id: 1 },
  "price-desc": { price: -1, _id: -1 },
  name: { partsname: 1, _id: 1 },
};

export type PartSearch = { q?: string; page?: number; sort?: PartSort; pageSize?: number };

export type PartSearchResult = { parts: PartView[]; total: number; page: number; pageSize: number; pageCount: number };

/** One page of the catalogue, optionally filtered by a search text and sorted by price or name. */
export async function searchParts({ q, page = 1, sort, pageSize = CATALOGUE_PAGE_SIZE }: PartSearch = {}): Promise<PartSearchResult> {
  await connectDb();
  const filter = searchFilter(q);
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const [parts, total] = await Promise.all([
    Part.find(filter)
      .sort(SORT_ORDERS[sort ?? "catalogue"])
      .skip((current - 1) * pageSize)
      .limit(pageSize)
      .lean<PartDoc[]>(),
    Part.countDocuments(filter),
  ]);
  return { parts: parts.map(toPartView), total, page: current, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** How many parts the catalogue holds, or match a search text. */
export async function countParts(q?: string): Promise<number> {
  await connectDb();
  return Part.countDocuments(searchFilter(q));
}

export type PartSitemapEntry = { _id: string; updatedAt: string };

/** Ids and modification times of one slice of the catalogue, in a stable order, for sitemaps. */
export async function partSitemapEntries({ skip, limit }: { skip: number; limit: number }): Promise<PartSitemapEntry[]> {
  await connectDb();
  const rows = await Part.find({}, { _id: 1, updatedAt: 1, createdAt: 1 })
    .sort({ _id: 1 })
    .skip(skip)
    .limit(limit)
    .lean<{ _id: PartDoc["_id"]; updatedAt?: Date; createdAt?: Date }[]>();
  return rows.map((row) => ({ _id: row._id.toString(), updatedAt: (row.updatedAt ?? row.createdAt ?? new Date(0)).toISOString() }));
}
