import mongoose, { type Model } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countParts, listParts, partSitemapEntries, partsInCatalogue, searchParts } from "@/lib/catalogue/queries";
import { connectDb, trusted } from "@/lib/db/connect";
import { listAllOrders, listOrdersFor } from "@/lib/orders/lists";
import { ordersSummary } from "@/lib/orders/summary";
import { listReviews, reviewStats } from "@/lib/reviews/queries";
import { recountReviewTotals } from "@/lib/reviews/totals";
import { defaultIndexName, ensureIndexes, RETIRED_INDEXES } from "@/lib/seed/seed";
import { sitemapXml } from "@/lib/catalogue/sitemap";
import { settleAllInterruptedOrders } from "@/lib/stock/part-lock";
import { listUsers } from "@/lib/users/accounts";
import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { StockLock } from "@/models/StockLock";
import { User } from "@/models/User";

// The performance rule made executable: "every list query uses an index and a limit; nothing
// queries inside a loop". Every lib/ function behind a list the shop shows or serves runs against
// the real embedded database with more rows than a page, while mongoose's debug hook records each
// query it sends. Then:
//   (a) every `find` carries a limit (single-document reads such as findById are not lists);
//   (b) every find, countDocuments and aggregate $match is served by an index declared on the
//       model: its equality fields first (any order), then its sort fields in order (all in the
//       index's direction or all reversed); with no sort, a range condition must be next. Regular
//       expressions and $or (the free-text search) are left to filter what the index walk reads;
//   (c) each call sends a fixed number of queries, whatever the number of rows it returns.

type Recorded = { collection: string; method: string; filter: Record<string, unknown>; sort: [string, number][]; limit?: number };

const READS = new Set(["find", "findOne", "countDocuments", "aggregate", "distinct", "estimatedDocumentCount"]);
let recording: Recorded[] | null = null;

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function sortPairs(sort: unknown): [string, number][] {
  if (sort instanceof Map) return [...sort].map(([k, v]) => [String(k), Number(v)]);
  if (Array.isArray(sort)) return sort.map((pair) => [String((pair as unknown[])[0]), Number((pair as unknown[])[1])]);
  return Object.entries(asRecord(sort)).map(([k, v]) => [k, Number(v)]);
}

function record(collection: string, method: string, args: unknown[]): void {
  if (!recording || !READS.has(method)) return;
  if (method === "aggregate") {
    // A pipeline's leading $match is the part an index can serve.
    const pipeline = Array.isArray(args[0]) ? (args[0] as unknown[]) : [];
    const first = asRecord(pipeline[0]);
    recording.push({ collection, method, filter: asRecord(first.$match), sort: [] });
    return;
  }
  const options = asRecord(args[1]);
  const limit = typeof options.limit === "number" && options.limit > 0 ? options.limit : undefined;
  recording.push({ collection, method, filter: asRecord(args[0]), sort: sortPairs(options.sort), limit });
}

/** Runs `work` and returns what it sent to the database. */
async function queriesOf(work: () => Promise<unknown>): Promise<{ queries: Recorded[]; result: unknown }> {
  recording = [];
  try {
    const result = await work();
    return { queries: recording, result };
  } finally {
    recording = null;
  }
}

const MODELS: Model<never>[] = [Part, Order, Review, User, StockLock] as unknown as Model<never>[];

/** The indexes declared on the model of a collection, `_id` included. */
function declaredIndexes(collection: string): [string, number][][] {
  const model = MODELS.find((m) => m.collection.collectionName === collection);
  if (!model) throw new Error(`no model for the collection ${collection}`);
  return [[["_id", 1]], ...model.schema.indexes().map(([fields]) => Object.entries(fields).map(([k, v]): [string, number] => [k, Number(v)]))];
}

const OPERATOR = /^\$/;

/** The filter's equality fields and range fields; $or and regular expressions are residual. */
function shapeOf(filter: Record<string, unknown>): { equality: string[]; range: string[] } {
  const equality: string[] = [];
  const range: string[] = [];
  for (const [field, value] of Object.entries(filter)) {
    if (OPERATOR.test(field) || value instanceof RegExp) continue;
    const isOperatorObject = value !== null && typeof value === "object" && Object.keys(value).some((k) => OPERATOR.test(k));
    if (!isOperatorObject) equality.push(field);
    else if (Object.keys(value as object).length === 1 && "$eq" in (value as object)) equality.push(field);
    else range.push(field);
  }
  return { equality, range };
}

function serves(index: [string, number][], query: Recorded): boolean {
  const { equality, range } = shapeOf(query.filter);
  const head = index.slice(0, equality.length).map(([field]) => field);
  if (head.length !== equality.length || !equality.every((field) => head.includes(field))) return false;
  const rest = index.slice(equality.length);
  const sort = query.sort.filter(([field]) => !equality.includes(field));
  if (sort.length > 0) {
    if (rest.length < sort.length) return false;
    const flips = sort.map(([field, direction], i) => (rest[i]![0] === field ? (rest[i]![1] === direction ? 1 : -1) : 0));
    return flips.every((flip) => flip === 1) || flips.every((flip) => flip === -1);
  }
  if (range.length > 0) return rest.length > 0 && range.includes(rest[0]![0]);
  return true;
}

const describeQuery = (q: Recorded) =>
  `${q.collection}.${q.method}(${JSON.stringify(q.filter)}${q.sort.length ? `, sort ${JSON.stringify(Object.fromEntries(q.sort))}` : ""}${q.limit ? `, limit ${q.limit}` : ""})`;

/** What breaks the rule in these queries of `call`, one sentence each. */
function problemsOf(call: string, queries: Recorded[], { unboundedFind }: { unboundedFind?: string } = {}): string[] {
  const problems: string[] = [];
  for (const query of queries) {
    const name = `${call}: ${describeQuery(query)}`;
    if (query.method === "find" && query.limit === undefined && !unboundedFind) problems.push(`${name} has no limit`);
    if (["find", "countDocuments", "aggregate"].includes(query.method) && !declaredIndexes(query.collection).some((index) => serves(index, query))) {
      problems.push(`${name} has no index with its equality fields, then its sort fields (or its range field) as a prefix`);
    }
    if (["distinct", "estimatedDocumentCount"].includes(query.method)) problems.push(`${name} is not an audited list query`);
  }
  return problems;
}

type Audited = {
  call: string;
  run: () => Promise<unknown>;
  /** The exact queries one call sends: a fixed number, not one per row. */
  queries: number;
  /** How many items the call returns on this data: shows the query count does not follow it. */
  items?: (result: unknown) => number;
  /** Why this call's find may have no limit (named, explained exceptions only). */
  unboundedFind?: string;
};

const CUSTOMER = "many-orders@example.com";
const ROWS = MAX_PAGE_SIZE + 30;
/** The part ids a page of 20 orders links, one of them deleted since: set once the parts exist. */
let orderedPartIds: string[] = [];
const length = (result: unknown) => (Array.isArray(result) ? result.length : -1);

const AUDITED: Audited[] = [
  { call: "listParts() (GET /carparts without limit)", run: () => listParts(), queries: 1, items: length },
  { call: "listParts({ limit: 3 }) (home page)", run: () => listParts({ limit: 3, skip: 0 }), queries: 1, items: length },
  { call: "listParts({ limit: 20, skip: 100 }) (GET /carparts?page=6)", run: () => listParts({ limit: 20, skip: 100 }), queries: 1, items: length },
  { call: "searchParts() (/parts)", run: () => searchParts({ page: 2 }), queries: 2, items: (r) => length((r as { parts: unknown }).parts) },
  { call: "searchParts({ sort: price-asc })", run: () => searchParts({ sort: "price-asc" }), queries: 2 },
  { call: "searchParts({ sort: price-desc })", run: () => searchParts({ sort: "price-desc" }), queries: 2 },
  { call: "searchParts({ sort: name })", run: () => searchParts({ sort: "name" }), queries: 2 },
  { call: "searchParts({ q }) (/parts?q=)", run: () => searchParts({ q: "brake" }), queries: 2 },
  { call: "searchParts (Manage Product, 20 a page)", run: () => searchParts({ page: 3, pageSize: 20 }), queries: 2 },
  { call: "countParts()", run: () => countParts(), queries: 1 },
  { call: "partSitemapEntries()", run: () => partSitemapEntries({ skip: 0, limit: 5000 }), queries: 1, items: length },
  { call: "sitemapXml()", run: () => sitemapXml(), queries: 2 },
  { call: "listReviews() (GET /reviews without limit)", run: () => listReviews(), queries: 1, items: length },
  { call: "listReviews({ limit: 6 }) (home page)", run: () => listReviews({ limit: 6, skip: 0 }), queries: 1, items: length },
  { call: "listReviews({ limit: 12, skip: 12 }) (/customer-reviews?page=2)", run: () => listReviews({ limit: 12, skip: 12 }), queries: 1, items: length },
  { call: "reviewStats() (kept on write: one read)", run: () => reviewStats(), queries: 1 },
  { call: "listUsers() (GET /user)", run: () => listUsers(), queries: 1, items: length },
  { call: "listUsers({ limit: 51 }) (Make Admin)", run: () => listUsers({ limit: 51, skip: 50 }), queries: 1, items: length },
  { call: "listOrdersFor(email) (GET /orders/{email})", run: () => listOrdersFor(CUSTOMER), queries: 1, items: length },
  { call: "listOrdersFor(email, { limit: 21 }) (My Orders)", run: () => listOrdersFor(CUSTOMER, { limit: 21, skip: 20 }), queries: 1, items: length },
  { call: "listAllOrders() (Manage All Orders, GET /orders)", run: () => listAllOrders({ page: 2, limit: 20 }), queries: 2, items: (r) => length((r as { orders: unknown }).orders) },
  { call: "partsInCatalogue(20 ids) (order pages link parts that remain)", run: () => partsInCatalogue(orderedPartIds), queries: 1, items: (r) => (r as Set<string>).size },
  { call: "listAllOrders({ status }) (Manage All Orders by status)", run: () => listAllOrders({ status: "placed", page: 1, limit: 20 }), queries: 2 },
  {
    call: "ordersSummary(30) (Manage All Orders, last 30 days)",
    run: () => ordersSummary(30),
    queries: 1,
    unboundedFind: "bounded by date instead: the orders of the last 30 days, two fields each, summed in JavaScript (FerretDB's $group is unreliable)",
  },
  { call: "settleAllInterruptedOrders() (start-up)", run: () => settleAllInterruptedOrders(), queries: 1 },
];

beforeAll(async () => {
  const { connection } = await connectDb();
  // A database an earlier version made: ensureIndexes must drop what the new indexes replace.
  for (const { collection, key } of RETIRED_INDEXES) await connection.db!.collection(collection).createIndex(key);
  await ensureIndexes();
  mongoose.set("debug", (collection: string, method: string, ...args: unknown[]) => record(collection, method, args));
  const base = Date.UTC(2026, 0, 1);
  const at = (i: number) => new Date(base + i * 60_000);
  const recent = (i: number) => new Date(Date.now() - i * 3_600_000);
  const parts = await Part.insertMany(
    Array.from({ length: ROWS }, (_, i) => ({
      partsname: `${i % 2 ? "Brake disc" : "Oil filter"} ${i}`,
      image: "/parts/brake-disc.svg",
      price: 10 + (i % 17),
      quantity: 50,
      description: "A part of the query audit.",
      createdAt: at(i),
    })),
  );
  await Review.insertMany(Array.from({ length: ROWS }, (_, i) => ({ rating: i % 6, name: `Reviewer ${i}`, email: `r${i}@example.com`, createdAt: at(i) })));
  // Written past the review writes: the totals are counted once here, as the seed does.
  await recountReviewTotals();
  await User.insertMany(Array.from({ length: ROWS }, (_, i) => ({ email: `user${i}@example.com`, createdAt: at(i) })));
  const part = parts[0]!;
  orderedPartIds = [...parts.slice(0, 19).map((p) => String(p._id)), String(new mongoose.Types.ObjectId())];
  const order = (email: string, i: number) => ({
    partId: part._id,
    partsname: part.partsname,
    unitPrice: 10,
    quantity: 1,
    total: 10,
    name: "Customer",
    email,
    phone: "555-0100",
    address: "1 Main Street",
    status: i % 3 ? "placed" : "shipped",
    createdAt: recent(i),
  });
  await Order.insertMany([...Array.from({ length: ROWS }, (_, i) => order(CUSTOMER, i)), ...Array.from({ length: 30 }, (_, i) => order(`other${i}@example.com`, i))]);
}, 120_000);

afterAll(() => {
  mongoose.set("debug", false);
});

describe("query audit: every list query uses an index and a limit, and a call sends a fixed number of queries", () => {
  it.each(AUDITED)("$call", async ({ call, run, queries: expected, items, unboundedFind }) => {
    const { queries, result } = await queriesOf(run);
    expect(problemsOf(call, queries, { unboundedFind }), call).toEqual([]);
    expect(queries.map(describeQuery), `${call} sends ${expected} quer${expected === 1 ? "y" : "ies"}`).toHaveLength(expected);
    if (items) expect(items(result), `${call} returns a page of rows`).toBeGreaterThan(expected);
  });

  it("a list with no limit given reads one page of MAX_PAGE_SIZE, in one query", async () => {
    for (const run of [() => listParts(), () => listReviews(), () => listUsers(), () => listOrdersFor(CUSTOMER)]) {
      const { queries, result } = await queriesOf(run);
      expect(length(result)).toBe(MAX_PAGE_SIZE);
      expect(queries.map((q) => q.limit)).toEqual([MAX_PAGE_SIZE]);
    }
  });

  it("the audit itself catches a find without a limit and a query no index serves", async () => {
    // The checks above are only worth something if they can fail.
    const unbounded = await queriesOf(() => Part.find().sort({ createdAt: 1, _id: 1 }).lean());
    expect(problemsOf("Part.find() without limit", unbounded.queries)).toEqual([expect.stringMatching(/has no limit$/)]);
    const unindexed = await queriesOf(() => Order.find({ name: "Customer" }).sort({ createdAt: -1, _id: -1 }).limit(5).lean());
    expect(problemsOf("orders by name", unindexed.queries)).toEqual([expect.stringMatching(/has no index/)]);
    const wrongOrder = await queriesOf(() => User.find().sort({ createdAt: 1, _id: -1 }).limit(5).lean());
    expect(problemsOf("users in a mixed order", wrongOrder.queries)).toEqual([expect.stringMatching(/has no index/)]);
    const rangeOnly = await queriesOf(() => Review.countDocuments({ createdAt: trusted({ $gte: new Date(0) }) }));
    expect(problemsOf("reviews since", rangeOnly.queries)).toEqual([]);
    const unindexedRange = await queriesOf(() => Part.countDocuments({ quantity: trusted({ $gte: 1 }) }));
    expect(problemsOf("parts in stock", unindexedRange.queries)).toEqual([expect.stringMatching(/has no index/)]);
  });

  it("the database holds the declared indexes and none of the retired ones", async () => {
    for (const model of MODELS) {
      const built = (await model.collection.indexes()).map((index) => JSON.stringify(Object.entries(index.key)));
      for (const declared of declaredIndexes(model.collection.collectionName)) {
        expect(built, `${model.collection.collectionName} index ${JSON.stringify(declared)}`).toContain(JSON.stringify(declared));
      }
    }
    for (const { collection, key } of RETIRED_INDEXES) {
      const names = (await mongoose.connection.db!.collection(collection).indexes()).map((index) => index.name);
      expect(names, `${collection} still has the retired index ${defaultIndexName(key)}`).not.toContain(defaultIndexName(key));
    }
  });
});
