import { isValidObjectId } from "mongoose";
import { partsChanged } from "@/lib/cache/tags";
import { connectDb, trusted } from "@/lib/db/connect";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { OPEN_STATUSES } from "@/lib/orders";
import { withPartLock } from "@/lib/stock";
import { MAX_PAGE_SIZE, withoutControlCharacters, type Paging } from "@/lib/validation/common";
import { MAX_STOCK, PART_MESSAGES, maxPerOrderOf, minOrderFits, type NewPart, type PartUpdate } from "@/lib/validation/parts";
import { Order } from "@/models/Order";
import { Part, type PartDoc } from "@/models/Part";
import { MAX_SEARCH_LENGTH, type PartSort } from "@/lib/catalogue/query-string";

/** A part as pages and API replies show it. */
export type PartView = {
  _id: string;
  partsname: string;
  image: string;
  price: number;
  quantity: number;
  minOrder: number;
  /** The most one order may take (the part's own maximum or the default). */
  maxPerOrder: number;
  description: string;
  createdAt: string;
  updatedAt: string;
};

export function toPartView(part: PartDoc & { createdAt?: Date; updatedAt?: Date }): PartView {
  return {
    _id: part._id.toString(),
    partsname: part.partsname,
    image: part.image,
    price: part.price,
    quantity: part.quantity,
    minOrder: part.minOrder,
    maxPerOrder: maxPerOrderOf(part),
    description: part.description,
    createdAt: (part.createdAt ?? new Date(0)).toISOString(),
    updatedAt: (part.updatedAt ?? part.createdAt ?? new Date(0)).toISOString(),
  };
}

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

/** Adds a part to the catalogue (admin's add-product form). */
export async function addPart(input: NewPart): Promise<PartView> {
  await connectDb();
  const part = await Part.create({
    partsname: input.partsname,
    image: input.image,
    price: input.price,
    quantity: input.quantity,
    minOrder: input.minOrder,
    maxPerOrder: input.maxPerOrder,
    description: input.description,
  });
  partsChanged(String(part._id));
  return toPartView(part.toObject());
}

/**
 * Edits a part's fields (not its stock). Under the part's lock, so the minimum-order check
 * reads the stock as it is, and no order is priced from a half-edited part.
 */
export async function updatePart(id: string, changes: PartUpdate): Promise<PartView> {
  await connectDb();
  return withPartLock(id, async () => {
    const part = await Part.findById(id).lean<PartDoc>();
    if (!part) throw new NotFoundError("There is no part with this id.");
    const set: Partial<Pick<PartDoc, "partsname" | "image" | "price" | "minOrder" | "maxPerOrder" | "description">> = {};
    if (changes.partsname !== undefined) set.partsname = changes.partsname;
    if (changes.image !== undefined) set.image = changes.image;
    if (changes.price !== undefined) set.price = changes.price;
    if (changes.minOrder !== undefined) set.minOrder = changes.minOrder;
    if (changes.maxPerOrder !== undefined) set.maxPerOrder = changes.maxPerOrder;
    if (changes.description !== undefined) set.description = changes.description;
    const minOrder = set.minOrder ?? part.minOrder;
    if (set.minOrder !== undefined && !minOrderFits(minOrder, part.quantity)) {
      throw new InvalidInputError(`minOrder: ${PART_MESSAGES.minOrderAboveStock} (${part.quantity} in stock).`);
    }
    const maxPerOrder = set.maxPerOrder ?? part.maxPerOrder;
    if (maxPerOrder != null && maxPerOrder < minOrder) throw new InvalidInputError(`maxPerOrder: ${PART_MESSAGES.maxPerOrderBelowMin} (${minOrder}).`);
    await Part.updateOne({ _id: part._id }, { $set: set });
    partsChanged(id);
    const updated = await Part.findById(id).lean<PartDoc>();
    if (!updated) throw new NotFoundError("There is no part with this id.");
    return toPartView(updated);
  });
}

/** Adds (delta > 0) or takes away (delta < 0) stock under the part's lock; never below 0 nor above MAX_STOCK. */
export async function adjustStock(id: string, delta: number): Promise<PartView> {
  await connectDb();
  return withPartLock(id, async () => {
    const part = await Part.findById(id).lean<PartDoc>();
    if (!part) throw new NotFoundError("There is no part with this id.");
    const next = part.quantity + delta;
    if (next < 0) throw new ConflictError(`Stock cannot go below 0: only ${part.quantity} in stock, so at most ${part.quantity} can be taken away.`);
    if (next > MAX_STOCK) throw new ConflictError(`Stock cannot go above ${MAX_STOCK}: ${part.quantity} in stock.`);
    await Part.updateOne({ _id: part._id }, { $set: { quantity: next } });
    partsChanged(id);
    return toPartView({ ...part, quantity: next, updatedAt: new Date() });
  });
}

/**
 * Deletes a part, unless it has open orders (placed or shipped): those still need it, and the
 * message says so. Under the part's lock, so no order can be placed between the check and the delete.
 */
export async function deletePart(id: string): Promise<{ deletedCount: number }> {
  await connectDb();
  return withPartLock(id, async () => {
    const part = await Part.findById(id, { _id: 1 }).lean<Pick<PartDoc, "_id">>();
    if (!part) throw new NotFoundError("There is no part with this id.");
    const open = await Order.countDocuments({ partId: part._id, status: trusted({ $in: [...OPEN_STATUSES] }) });
    if (open > 0) {
      throw new ConflictError(
        `This part has ${open} open order${open === 1 ? "" : "s"} (placed or shipped) and cannot be deleted. Deliver or cancel ${open === 1 ? "it" : "them"} first.`,
      );
    }
    const { deletedCount } = await Part.deleteOne({ _id: part._id });
    partsChanged(id);
    return { deletedCount };
  });
}

/** Parts per catalogue page (/parts?page=N). */
export const CATALOGUE_PAGE_SIZE = 12;
export { MAX_SEARCH_LENGTH, PART_SORTS, isPartSort, type PartSort } from "@/lib/catalogue/query-string";

/** Makes user text match itself literally: every regex metacharacter is escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/**
 * Name-or-description filter for a search text. The text is escaped and passed as a RegExp
 * object (not a `$regex` operator object), so it is never run as a pattern or an operator.
 */
function searchFilter(q: string | undefined) {
  // A search is read, not stored: its control characters are dropped (a NUL in a pattern is an error in the database).
  const text = withoutControlCharacters(q ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (!text) return {};
  const pattern = new RegExp(escapeRegex(text), "i");
  // sanitizeFilter lets $or through and a RegExp has no operator keys, so nothing here needs trusted().
  return { $or: [{ partsname: pattern }, { description: pattern }] };
}

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
