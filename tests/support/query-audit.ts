import mongoose from "mongoose";

// The performance rule made executable for the engines the shop runs on. FerretDB v1 pushes only
// equality filters down to its storage (each field with an index of its own there: see
// lib/storage/postgres-equality-indexes.sql) and sorts, skips, ranges, $in, $or and regular expressions
// in memory over every match. So a read is engine-shaped when:
//   (a) its filter is equality only, on _id or on fields that a declared index of the model holds;
//   (b) it neither sorts nor skips (ordered pages come from the lists' door, lib/storage/ordered-lists.ts);
//   (c) a `find` reads one document by _id, or carries a limit, or says why its matches are few;
//   (d) each call sends a fixed number of queries, whatever the number of rows it returns
//       (checked by the audits that use this, with more rows than a page).

export type Recorded = { collection: string; method: string; filter: Record<string, unknown>; sort: [string, number][]; limit?: number; skip?: number };

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
    const pipeline = Array.isArray(args[0]) ? (args[0] as unknown[]) : [];
    recording.push({ collection, method, filter: asRecord(asRecord(pipeline[0]).$match), sort: [] });
    return;
  }
  const options = asRecord(args[1]);
  const positive = (value: unknown) => (typeof value === "number" && value > 0 ? value : undefined);
  recording.push({ collection, method, filter: asRecord(args[0]), sort: sortPairs(options.sort), limit: positive(options.limit), skip: positive(options.skip) });
}

/** Starts recording through mongoose's debug hook; call once in beforeAll. */
export function startQueryRecorder(): void {
  mongoose.set("debug", (collection: string, method: string, ...args: unknown[]) => record(collection, method, args));
}

export function stopQueryRecorder(): void {
  mongoose.set("debug", false);
}

/** Runs `work` and returns what it sent to the database. */
export async function queriesOf<T>(work: () => Promise<T>): Promise<{ queries: Recorded[]; result: T }> {
  recording = [];
  try {
    const result = await work();
    return { queries: recording, result };
  } finally {
    recording = null;
  }
}

/** The fields the declared indexes of a collection's model hold, `_id` included. */
function indexedFields(collection: string): Set<string> {
  const model = Object.values(mongoose.models).find((m) => m.collection.collectionName === collection);
  if (!model) throw new Error(`no model for the collection ${collection}`);
  return new Set(["_id", ...model.schema.indexes().flatMap(([fields]) => Object.keys(fields))]);
}

const isPlainValue = (value: unknown) =>
  value === null || typeof value !== "object" || value instanceof Date || value instanceof mongoose.Types.ObjectId;

/** Why the filter is not pushed down whole, or null when it is equality on indexed fields only. */
function filterProblem(collection: string, filter: Record<string, unknown>): string | null {
  const indexed = indexedFields(collection);
  for (const [field, value] of Object.entries(filter)) {
    if (field.startsWith("$")) return `uses ${field}, which the engine runs in memory`;
    if (value instanceof RegExp) return `matches ${field} by a regular expression, which scans`;
    const equal = isPlainValue(value) || (Object.keys(asRecord(value)).length === 1 && "$eq" in asRecord(value));
    if (!equal) return `filters ${field} by ${Object.keys(asRecord(value)).join(", ")}, which the engine runs in memory`;
    if (!indexed.has(field)) return `filters by ${field}, which no declared index holds`;
  }
  return null;
}

export const describeQuery = (q: Recorded) =>
  `${q.collection}.${q.method}(${JSON.stringify(q.filter)}${q.sort.length ? `, sort ${JSON.stringify(Object.fromEntries(q.sort))}` : ""}${q.skip ? `, skip ${q.skip}` : ""}${q.limit ? `, limit ${q.limit}` : ""})`;

/** What breaks the rule in these queries of `call`, one sentence each. */
export function problemsOf(call: string, queries: Recorded[], { fewMatches }: { fewMatches?: string } = {}): string[] {
  const problems: string[] = [];
  for (const query of queries) {
    const name = `${call}: ${describeQuery(query)}`;
    if (["distinct", "estimatedDocumentCount", "aggregate"].includes(query.method)) {
      problems.push(`${name} is not an engine-shaped read`);
      continue;
    }
    const filter = filterProblem(query.collection, query.filter);
    if (filter) problems.push(`${name} ${filter}`);
    if (query.sort.length > 0) problems.push(`${name} sorts on the server, over every match`);
    if (query.skip) problems.push(`${name} skips, reading every skipped match`);
    const byId = Object.keys(query.filter).includes("_id");
    if (query.method === "find" && query.limit === undefined && !byId && !fewMatches) problems.push(`${name} has no limit`);
  }
  return problems;
}
