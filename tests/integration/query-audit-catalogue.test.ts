import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletePart } from "@/lib/catalogue/commands";
import { countParts, listParts, partSitemapEntries, partsInCatalogue, searchParts } from "@/lib/catalogue/queries";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { sitemapXml } from "@/lib/catalogue/sitemap";
import { connectDb } from "@/lib/storage/connect";
import { ConflictError } from "@/lib/errors";
import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { describeQuery, problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// Every catalogue read a request makes, against the real embedded database with more parts than a
// page: each query must be one the engine answers by _id or by an indexed equality (no sort, skip,
// range, $in, $or or pattern), and each call sends exactly the queries its page needs, whatever the
// size of the catalogue: a list's directory, the one or two chunks the page covers (a rebuilt list
// holds 200 keys a chunk), and one read by _id per part shown.

const ROWS = 450;
const ids: string[] = [];

beforeAll(async () => {
  await connectDb();
  const base = Date.UTC(2026, 0, 1);
  const parts = Array.from({ length: ROWS }, (_, i) => ({
    _id: new mongoose.Types.ObjectId(),
    partsname: `${i % 2 ? "Brake disc" : "Oil filter"} ${i}`,
    image: "/parts/brake-disc.svg",
    price: 10 + (i % 17),
    quantity: 50,
    minOrder: 1,
    description: "A part of the query audit.",
    // Every third part shares one OEM number: a number many interchangeable parts bear.
    mpn: `AUD-${i}`,
    oemNumbers: i % 3 === 0 ? ["OE-AUDIT-3"] : [],
    createdAt: new Date(base + i * 60_000),
  }));
  await Part.collection.insertMany(parts);
  ids.push(...parts.map((part) => String(part._id)));
  await reindexCatalogue();
  const order = { partsname: "Oil filter 0", unitPrice: 10, quantity: 1, total: 10, name: "Customer", email: "c@example.com", phone: "555-0100", address: "1 Main Street" };
  await Order.insertMany([{ ...order, partId: parts[0]!._id, status: "placed" }, { ...order, partId: parts[0]!._id, status: "shipped" }]);
  startQueryRecorder();
}, 120_000);

afterAll(() => stopQueryRecorder());

const length = (result: unknown) => (result as unknown[]).length;
const shown = (result: unknown) => (result as { parts: unknown[] }).parts.length;

// [call, run, queries sent, rows returned]
const AUDITED: { call: string; run: () => Promise<unknown>; queries: number; rows?: (result: unknown) => number; expectedRows?: number }[] = [
  { call: "listParts() (GET /carparts without limit)", run: () => listParts(), queries: 2 + MAX_PAGE_SIZE, rows: length, expectedRows: MAX_PAGE_SIZE },
  { call: "listParts({ limit: 3 }) (home page)", run: () => listParts({ limit: 3, skip: 0 }), queries: 2 + 3, rows: length, expectedRows: 3 },
  { call: "listParts({ limit: 20, skip: 190 }) (a middle page across two chunks)", run: () => listParts({ limit: 20, skip: 190 }), queries: 3 + 20, rows: length, expectedRows: 20 },
  { call: "listParts({ limit: 20, skip: 440 }) (the last page)", run: () => listParts({ limit: 20, skip: 440 }), queries: 2 + 10, rows: length, expectedRows: 10 },
  { call: "searchParts() (/parts)", run: () => searchParts(), queries: 2 + 12, rows: shown, expectedRows: 12 },
  { call: "searchParts({ page: 17 }) (a middle page across two chunks)", run: () => searchParts({ page: 17 }), queries: 3 + 12, rows: shown, expectedRows: 12 },
  { call: "searchParts({ page: 38 }) (the last page)", run: () => searchParts({ page: 38 }), queries: 2 + 6, rows: shown, expectedRows: 6 },
  { call: "searchParts({ sort: price-asc })", run: () => searchParts({ sort: "price-asc" }), queries: 2 + 12, rows: shown, expectedRows: 12 },
  { call: "searchParts({ sort: price-desc })", run: () => searchParts({ sort: "price-desc" }), queries: 2 + 12, rows: shown, expectedRows: 12 },
  { call: "searchParts({ sort: name, page: 38 })", run: () => searchParts({ sort: "name", page: 38 }), queries: 2 + 6, rows: shown, expectedRows: 6 },
  { call: "searchParts (Manage Product, 20 a page)", run: () => searchParts({ page: 3, pageSize: 20 }), queries: 2 + 20, rows: shown, expectedRows: 20 },
  // A search, as the catalogue page makes it (withFacets), reads a bounded number of lists whatever
  // the catalogue's size (lib/search/matches.ts): the parts out of stock (one indexed equality find),
  // the synonym list (one document, from Next's data cache in a server), for a word of 5 letters
  // or more its typo index (one directory per deletion key: 6 for "brake"), each word's list up to
  // its first 400 entries (a directory and its chunks: "brake" 225 parts in 2 chunks, "audit" 450
  // read as 400 in 2), whether the text is a part number ("number:brake", a directory), then the
  // page's parts. A search of several words also reads the size of the vehicles' list (a vehicle
  // named in it), and the list itself the first time (here, "audit brake").
  { call: "searchParts({ withFacets, q: brake })", run: () => searchParts({ withFacets: true, q: "brake" }), queries: 1 + 1 + 6 + 3 + 1 + 12, rows: shown, expectedRows: 12 },
  { call: "searchParts({ withFacets, q: brake, page: 19 }) (its last page)", run: () => searchParts({ withFacets: true, q: "brake", page: 19 }), queries: 1 + 1 + 6 + 3 + 1 + 9, rows: shown, expectedRows: 9 },
  { call: "searchParts({ withFacets, q: brake, sort: price-desc })", run: () => searchParts({ withFacets: true, q: "brake", sort: "price-desc" }), queries: 1 + 1 + 6 + 3 + 1 + 12, rows: shown, expectedRows: 12 },
  { call: "searchParts({ withFacets, q: audit brake })", run: () => searchParts({ withFacets: true, q: "audit brake" }), queries: 1 + 2 + 1 + 6 + 6 + 3 + 3 + 1 + 12, rows: shown, expectedRows: 12 },
  // A part number: its list (a directory and a chunk) and its beginnings' ("number-prefix:aud417", a directory), beside the words' lists ("aud" 3, "417" 2).
  { call: "searchParts({ withFacets, q: aud 417 }) (an MPN)", run: () => searchParts({ withFacets: true, q: "aud 417" }), queries: 1 + 1 + 1 + 3 + 2 + 2 + 1 + 1, rows: shown, expectedRows: 1 },
  // "OE-AUDIT-3", 150 parts: "oe" is in no part's words ("search:oe", a directory), "audit" 3, "3" 2, the number 2 and its beginnings 1, then the page.
  { call: "searchParts({ withFacets, q: oe audit 3, page: 13 }) (an OEM number 150 parts bear)", run: () => searchParts({ withFacets: true, q: "oe audit 3", page: 13 }), queries: 1 + 1 + 1 + 6 + 1 + 3 + 2 + 2 + 1 + 6, rows: shown, expectedRows: 6 },
  // The catalogue page with its facets: the parts out of stock (one indexed equality find), the
  // catalogue's size, the brands' menu, each price range's directory with the counts its list keeps
  // (every part is in one range, so they sum to the whole catalogue's counts, however many brands
  // and categories), then the page as above.
  { call: "searchParts({ withFacets }) (/parts)", run: () => searchParts({ withFacets: true }), queries: 1 + 1 + 1 + 5 + 2 + 12, rows: shown, expectedRows: 12 },
  // In stock only: the same, the page's window of the sort's list being longer by the parts out of stock (here none).
  { call: "searchParts({ withFacets, inStock, sort: price-desc })", run: () => searchParts({ withFacets: true, sort: "price-desc", filters: { inStock: true } }), queries: 1 + 1 + 1 + 5 + 2 + 12, rows: shown, expectedRows: 12 },
  // One facet value alone (a price range, 398 parts): the parts out of stock, its list's directory
  // with the counts the list keeps, the brands' menu, then a page of its list (a directory and a
  // chunk): the same reads for a range of 398 parts or 398,000.
  { call: "searchParts({ withFacets, price: under-25 })", run: () => searchParts({ withFacets: true, filters: { price: "under-25" } }), queries: 1 + 1 + 1 + 2 + 12, rows: shown, expectedRows: 12 },
  // Sorted, the value's list in that sort's order, whose size is read too; its last page (398 = 33 × 12 + 2).
  { call: "searchParts({ withFacets, price: under-25, sort: name, page: 34 })", run: () => searchParts({ withFacets: true, sort: "name", page: 34, filters: { price: "under-25" } }), queries: 1 + 1 + 1 + 1 + 2 + 2, rows: shown, expectedRows: 2 },
  // In stock only: the same, its window longer by the range's parts out of stock (here none).
  { call: "searchParts({ withFacets, price: under-25, inStock, sort: price-desc })", run: () => searchParts({ withFacets: true, sort: "price-desc", filters: { price: "under-25", inStock: true } }), queries: 1 + 1 + 1 + 1 + 2 + 12, rows: shown, expectedRows: 12 },
  // With a word: the search's reads as above; the range is read from the entries.
  { call: "searchParts({ withFacets, q: brake, price: under-25 })", run: () => searchParts({ withFacets: true, q: "brake", filters: { price: "under-25" } }), queries: 1 + 1 + 6 + 3 + 1 + 12, rows: shown, expectedRows: 12 },
  { call: "countParts()", run: () => countParts(), queries: 1 },
  { call: "partSitemapEntries({ limit: 5000 })", run: () => partSitemapEntries({ skip: 0, limit: 5000 }), queries: 4 + ROWS, rows: length, expectedRows: ROWS },
  // The part count, the vehicle list's size and its page (here an empty list's directory), then the parts' slice.
  { call: "sitemapXml()", run: () => sitemapXml(), queries: 1 + 1 + 1 + 4 + ROWS },
  { call: "partsInCatalogue(20 ids) (order pages link parts that remain)", run: () => partsInCatalogue([...ids.slice(0, 19), String(new mongoose.Types.ObjectId())]), queries: 20, rows: (r) => (r as Set<string>).size, expectedRows: 19 },
];

describe("query audit of the catalogue: engine-shaped reads, a fixed number per call", () => {
  it.each(AUDITED)("$call", async ({ call, run, queries: expected, rows, expectedRows }) => {
    const { queries, result } = await queriesOf(run);
    expect(problemsOf(call, queries), call).toEqual([]);
    expect(queries.map(describeQuery), `${call} sends ${expected} queries`).toHaveLength(expected);
    if (rows) expect(rows(result), `${call} returns its page`).toBe(expectedRows);
  });

  it("deletePart's open-order check: the part by _id (the part lock reads it too), its write note by _id and one equality count per open status", async () => {
    const { queries, result } = await queriesOf(() => deletePart(ids[0]!).catch((error: unknown) => error));
    expect(result).toBeInstanceOf(ConflictError);
    expect((result as Error).message).toMatch(/2 open orders/);
    expect(problemsOf("deletePart", queries)).toEqual([]);
    expect(queries.map(describeQuery)).toEqual([
      expect.stringMatching(/^parts\.findOne\(\{"_id":/),
      expect.stringMatching(/^listjournal\.findOne\(\{"_id":"part:/),
      expect.stringMatching(/^parts\.findOne\(\{"_id":/),
      expect.stringMatching(/^orders\.countDocuments\(\{"partId":.*"status":"placed"\}\)$/),
      expect.stringMatching(/^orders\.countDocuments\(\{"partId":.*"status":"shipped"\}\)$/),
    ]);
  });
});
