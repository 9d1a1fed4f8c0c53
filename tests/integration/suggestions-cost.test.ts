import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { connectDb } from "@/lib/storage/connect";
import { suggestionsFor } from "@/lib/suggestions/queries";
import { Part } from "@/models/Part";
import { describeQuery, problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// The suggestions are asked on every pause in typing, so their cost must not follow the catalogue:
// a word in every part name ("widget" here, in 600 parts over several chunks) is answered with the
// same reads as a word in one name, each one the engine answers by _id or an indexed equality.

const ROWS = 600;

beforeAll(async () => {
  await connectDb();
  const base = Date.UTC(2026, 0, 1);
  await Part.collection.insertMany(
    Array.from({ length: ROWS }, (_, i) => ({
      _id: new mongoose.Types.ObjectId(),
      partsname: i === 7 ? "Widget gasket rare" : `Widget bracket ${i}`,
      image: "/parts/brake-disc.svg",
      price: 10 + (i % 17),
      quantity: 50,
      minOrder: 1,
      description: "A part of the suggestions audit.",
      brand: i % 2 ? "Widgetworks" : "Acme",
      category: "body",
      mpn: `WDG-${1000 + i}`,
      createdAt: new Date(base + i * 60_000),
    })),
  );
  await reindexCatalogue();
  // The vehicles are held by the process after their first read: warm them, as any server is.
  await suggestionsFor("warm up");
  startQueryRecorder();
}, 120_000);

afterAll(() => stopQueryRecorder());

type Queries = Awaited<ReturnType<typeof queriesOf>>["queries"];
const chunkReads = (queries: Queries) => queries.filter((query) => query.collection === "indexchunks");
const partReads = (queries: Queries) => queries.filter((query) => query.collection === "parts");
/** Only a list's first page is read: its first chunk or two (a chunk holds up to 256 entries). */
const firstPagesOnly = (queries: Queries) => chunkReads(queries).every((query) => /#[01]$/.test(String(query.filter._id)));

describe("query audit of the suggestions", () => {
  it("a word in every part name reads what a word in one name reads, but for the parts shown", async () => {
    const common = await queriesOf(() => suggestionsFor("widget"));
    const rare = await queriesOf(() => suggestionsFor("gasket"));
    expect(problemsOf("suggestionsFor(widget)", common.queries)).toEqual([]);
    expect(problemsOf("suggestionsFor(gasket)", rare.queries)).toEqual([]);
    expect(common.result).toHaveLength(8);
    expect(rare.result.map((s) => s.label)).toEqual(["Widget gasket rare"]);
    expect(firstPagesOnly(common.queries)).toBe(true);
    expect(partReads(common.queries)).toHaveLength(8);
    expect(partReads(rare.queries)).toHaveLength(1);
    // The rest is the plan (typo keys, synonyms, the vehicles' size), the menus and the word's list:
    // the same reads, but the common word's list spans two chunks and it also begins a brand.
    const planAndLists = (queries: Queries) => queries.length - partReads(queries).length - chunkReads(queries).length;
    expect(planAndLists(common.queries)).toBe(planAndLists(rare.queries) + 1);
  });

  it("several common words read a first page of each word's list", async () => {
    const { queries, result } = await queriesOf(() => suggestionsFor("widget bracket acme wid"));
    expect(problemsOf("suggestionsFor(4 words)", queries)).toEqual([]);
    expect(result.length).toBeGreaterThan(0);
    expect(firstPagesOnly(queries)).toBe(true);
  });

  it("a part number reads its lists' first page and the parts shown", async () => {
    const { queries, result } = await queriesOf(() => suggestionsFor("wdg 1042"));
    expect(problemsOf("suggestionsFor(wdg 1042)", queries)).toEqual([]);
    expect(result[0]).toMatchObject({ kind: "part-number", label: "WDG-1042 – Widget bracket 42" });
    const beginning = await queriesOf(() => suggestionsFor("wdg-10"));
    expect(beginning.result.filter((s) => s.kind === "part-number").map((s) => s.label)).toEqual(["WDG-1000 – Widget bracket 0", "WDG-1001 – Widget bracket 1", "WDG-1002 – Widget bracket 2"]);
  });

  it("twice the parts bearing the word, the same reads", async () => {
    const before = (await queriesOf(() => suggestionsFor("widget bra"))).queries.length;
    stopQueryRecorder();
    await Part.collection.insertMany(
      Array.from({ length: ROWS }, (_, i) => ({ _id: new mongoose.Types.ObjectId(), partsname: `Widget brace ${i}`, image: "/parts/brake-disc.svg", price: 12, quantity: 5, minOrder: 1, description: "More of the same.", createdAt: new Date(Date.UTC(2026, 1, 1) + i * 60_000) })),
    );
    await reindexCatalogue();
    startQueryRecorder();
    const after = await queriesOf(() => suggestionsFor("widget bra"));
    expect(problemsOf("suggestionsFor(widget bra)", after.queries)).toEqual([]);
    expect(after.queries.length, after.queries.map(describeQuery).join("\n")).toBe(before);
  }, 120_000);
});
