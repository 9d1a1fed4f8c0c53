import "server-only";
import { findEachById } from "@/lib/storage/each-by-id";
import { isValidObjectId } from "mongoose";
import { CATALOGUE_LIST, SORT_ORDERS, sortedList } from "@/lib/catalogue/lists";
import type { PartSort } from "@/lib/catalogue/query-string";
import { searchTextOf } from "@/lib/catalogue/search";
import type { QueryPlan } from "@/lib/search/search";
import type { Vehicle } from "@/lib/fitment/vehicle-parts";
import { type FacetFilters, hasFacetFilter } from "@/lib/catalogue/facets";
import { type FacetCounts, facetedPage } from "@/lib/catalogue/faceted-search";
import { type PartView, toPartView } from "@/lib/catalogue/views";
import { connectDb } from "@/lib/storage/connect";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import { Part, type PartDoc } from "@/models/Part";

// Every list of parts is a page of an ordered list (lib/catalogue/lists.ts) and then one read by
// _id per part of the page, in parallel: the engine answers those from its primary key.

const isPartId = (id: string) => /^[0-9a-f]{24}$/i.test(id);

/** The parts of these ids, in this order; an id whose part is gone (deleted meanwhile) is left out. */
export async function partsByIds(ids: readonly string[]): Promise<PartView[]> {
  return (await findEachById<PartDoc>(Part, ids)).map(toPartView);
}

/** One page of the catalogue in its own order: oldest first, so the home page's "first 3" are stable. */
export async function listParts({ limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<PartView[]> {
  await connectDb();
  const { ids } = await CATALOGUE_LIST.idPage({ offset: skip, limit });
  return partsByIds(ids);
}

/** One part, or null when the id is malformed or unknown. */
export async function findPart(id: string): Promise<PartView | null> {
  if (!isValidObjectId(id) || !isPartId(id)) return null;
  await connectDb();
  const part = await Part.findById(id).lean<PartDoc>();
  return part ? toPartView(part) : null;
}

/**
 * Which of these part ids are still in the catalogue, one read by _id each, in parallel: an order
 * keeps its part's id and name after the part is deleted, and a page links only the parts that remain.
 */
export async function partsInCatalogue(ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids)].filter(isPartId);
  if (wanted.length === 0) return new Set();
  await connectDb();
  const found = await findEachById<{ _id: unknown }>(Part, wanted, { _id: 1 });
  return new Set(found.map((part) => String(part._id)));
}

/** Parts per catalogue page (/parts?page=N). */
export const CATALOGUE_PAGE_SIZE = 12;
/** SPEC 9: the home page shows the first 3 parts of the catalogue. */
export const HOME_PART_COUNT = 3;

/**
 * `vehicle`: only the parts that fit it (its engine too, when one is given), universal ones included.
 * `filters` and `withFacets`: the catalogue page's facets, filtered by and counted (lib/catalogue/faceted-search.ts).
 */
export type PartSearch = {
  q?: string;
  page?: number;
  sort?: PartSort;
  pageSize?: number;
  vehicle?: (Vehicle & { engine?: string }) | null;
  /** The customer's chosen vehicle, when the page is not narrowed to it: a search ranks its parts first. */
  ranking?: Vehicle | null;
  filters?: FacetFilters;
  withFacets?: boolean;
};

/** `plan`: how a search text was understood (for highlighting); `complete`: false when a search's count covers only the parts it read (lib/search/matches.ts). */
export type PartSearchResult = { parts: PartView[]; total: number; page: number; pageSize: number; pageCount: number; facets?: FacetCounts; plan?: QueryPlan; complete?: boolean };

/**
 * The ids of one page and the total: with a search text, a vehicle or a facet, or when the facets
 * are wanted, as the catalogue page finds them (lib/catalogue/faceted-search.ts); else a page of the
 * sort's list (Manage Product).
 */
async function pageOfIds({ q, sort, vehicle, ranking, filters = {}, withFacets }: PartSearch, offset: number, limit: number): Promise<Omit<PartSearchResult, "parts" | "page" | "pageSize" | "pageCount"> & { ids: string[] }> {
  if (withFacets || searchTextOf(q) || vehicle || hasFacetFilter(filters)) {
    const { ids, total, facets, plan, complete } = await facetedPage({ q, sort, vehicle, ranking, filters }, offset, limit);
    return { ids, total, ...(withFacets ? { facets } : {}), ...(plan ? { plan, complete } : {}) };
  }
  const { order, descending } = SORT_ORDERS[sort ?? "catalogue"];
  return sortedList(order).idPage({ offset, limit, descending });
}

/** Reads the parts of a page by id, in order (an id whose part is gone left out). */
export type PartsReader = (ids: readonly string[]) => Promise<PartView[]>;

/**
 * One page of the catalogue, optionally filtered by a search text and sorted by price or name.
 * `readParts`: from the database by default; a page a customer sees passes the data cache's.
 */
export async function searchParts(search: PartSearch = {}, readParts: PartsReader = partsByIds): Promise<PartSearchResult> {
  const { page = 1, pageSize = CATALOGUE_PAGE_SIZE } = search;
  await connectDb();
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const { ids, ...found } = await pageOfIds(search, (current - 1) * pageSize, pageSize);
  return { ...found, parts: await readParts(ids), page: current, pageSize, pageCount: Math.max(1, Math.ceil(found.total / pageSize)) };
}

/** How many parts the catalogue holds: its list's size. */
export async function countParts(): Promise<number> {
  await connectDb();
  return CATALOGUE_LIST.size();
}

export type PartSitemapEntry = { _id: string; updatedAt: string };

/** Ids and modification times of one slice of the catalogue, in its own order, for sitemaps. */
export async function partSitemapEntries({ skip, limit }: { skip: number; limit: number }): Promise<PartSitemapEntry[]> {
  await connectDb();
  const { ids } = await CATALOGUE_LIST.idPage({ offset: skip, limit });
  const rows = await findEachById<{ _id: PartDoc["_id"]; updatedAt?: Date; createdAt?: Date }>(Part, ids, { _id: 1, updatedAt: 1, createdAt: 1 });
  return rows.map((row) => ({ _id: row._id.toString(), updatedAt: (row.updatedAt ?? row.createdAt ?? new Date(0)).toISOString() }));
}
