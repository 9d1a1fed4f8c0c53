import "server-only";
import { PRICE_BANDS, priceBandList, priceBandOf } from "@/lib/catalogue/facets";
import { isFacetValueList, readSearchKey, type SearchKey } from "@/lib/catalogue/lists";
import { inTurnsUnderLock } from "@/lib/db/lock-turns";
import { type ListChange, listSize } from "@/lib/db/ordered-index";
import type { IndexKey } from "@/models/IndexChunk";
import { FacetCount, type FacetCountFields } from "@/models/FacetCount";

// Per facet value, how its parts spread over the facets' values (models/FacetCount.ts), changed with
// the value's list on every part write and rebuilt by the reindex. FerretDB's $inc reads and then
// writes, so one value's changes are summed in batches, each one $inc under the value's lock.

export type FacetSpread = Omit<FacetCountFields, "_id">;

const FIELDS = ["category", "brand", "price"] as const;

/** How these parts spread over the facets' values, each counted with its sign (1, or -1 for a part taken away). */
function spreadOf(parts: readonly { key: SearchKey; sign: number }[]): FacetSpread {
  const spread: FacetSpread = { total: 0, category: {}, brand: {}, price: {} };
  const add = (field: (typeof FIELDS)[number], value: string, sign: number) => (spread[field][value] = (spread[field][value] ?? 0) + sign);
  for (const { key, sign } of parts) {
    spread.total += sign;
    if (key.category) add("category", key.category, sign);
    if (key.brand) add("brand", key.brand, sign);
    add("price", priceBandOf(key.priceCents), sign);
  }
  return spread;
}

/** The $inc that adds a spread to a value's counts. */
const incrementOf = (spread: FacetSpread): Record<string, number> => ({
  total: spread.total,
  ...Object.fromEntries(FIELDS.flatMap((field) => Object.entries(spread[field]).map(([value, count]) => [`${field}.${value}`, count]))),
});

const changeValue = inTurnsUnderLock<{ key: IndexKey; sign: number }, void>((list) => `facetcount:${list}`, "The catalogue is busy; try again in a moment.", {
  begin: async () => undefined,
  apply: async (list, _held, changes) => {
    const inc = incrementOf(spreadOf(changes.map(({ key, sign }) => ({ key: readSearchKey(key), sign }))));
    await FacetCount.collection.updateOne({ _id: list as never }, { $inc: inc }, { upsert: true });
  },
});

/** Applies the facet value lists' changes among these to their counts; resolves once all hold them. */
export async function changeFacetCounts(changes: readonly ListChange[]): Promise<void> {
  await Promise.all(changes.filter((change) => isFacetValueList(change.list)).map(({ list, key, op }) => changeValue(list, [{ key, sign: op === "add" ? 1 : -1 }])));
}

/** A value's counts as kept, or null when it has none; they hold every part of its list when their total is the list's size. */
export async function readFacetCounts(list: string): Promise<FacetSpread | null> {
  const counts = await FacetCount.findById(list).lean<FacetCountFields>();
  return counts ? { total: counts.total, category: counts.category ?? {}, brand: counts.brand ?? {}, price: counts.price ?? {} } : null;
}

const NO_PARTS: FacetSpread = { total: 0, category: {}, brand: {}, price: {} };

/**
 * How the whole catalogue spreads over the facets' values: the sum of its price ranges' counts
 * (every part is in exactly one), or null when one of them does not hold every part of its list.
 */
export async function catalogueSpread(): Promise<FacetSpread | null> {
  const bands = await Promise.all(
    PRICE_BANDS.map(async (band) => {
      const list = priceBandList(band.id);
      const [counts, size] = await Promise.all([readFacetCounts(list), listSize(list)]);
      if (size === 0) return NO_PARTS;
      return counts?.total === size ? counts : null;
    }),
  );
  if (bands.some((band) => band === null)) return null;
  return spreadSum(bands as FacetSpread[]);
}

function spreadSum(spreads: FacetSpread[]): FacetSpread {
  const sum: FacetSpread = { total: 0, category: {}, brand: {}, price: {} };
  for (const spread of spreads) {
    sum.total += spread.total;
    for (const field of FIELDS) for (const [value, count] of Object.entries(spread[field])) sum[field][value] = (sum[field][value] ?? 0) + count;
  }
  return sum;
}

/** Replaces every value's counts with those of these lists' keys, for `npm run reindex`. */
export async function rebuildFacetCounts(lists: Map<string, IndexKey[]>): Promise<void> {
  const docs = [...lists]
    .filter(([list]) => isFacetValueList(list))
    .map(([list, keys]): FacetCountFields => ({ _id: list, ...spreadOf(keys.map((key) => ({ key: readSearchKey(key), sign: 1 }))) }));
  await FacetCount.deleteMany({});
  for (let from = 0; from < docs.length; from += 500) await FacetCount.insertMany(docs.slice(from, from + 500));
}
