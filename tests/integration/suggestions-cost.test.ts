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

describe("query audit of the suggestions", () => {
  it("a word in every part name reads no more than a word in one", async () => {
    const common = await queriesOf(() => suggestionsFor("widget"));
    const rare = await queriesOf(() => suggestionsFor("gasket"));
    expect(problemsOf("suggestionsFor(widget)", common.queries)).toEqual([]);
    expect(problemsOf("suggestionsFor(gasket)", rare.queries)).toEqual([]);
    expect(common.result).toHaveLength(8);
    expect(rare.result.map((s) => s.label)).toEqual(["Widget gasket rare"]);
    // The brands' menu, the word's list's directory and first chunk, then the parts shown by _id; the
    // common word also begins a brand, whose list's size says it has parts.
    const reads = (queries: typeof common.queries) => queries.map(describeQuery).map((query) => query.replace(/"[0-9a-f]{24}"/, "<id>")).sort();
    expect(reads(common.queries)).toEqual(['cataloguemenus.findOne({"_id":"brands"})', 'indexdirectories.findOne({"_id":"search:widget"})', 'indexchunks.findOne({"_id":"search:widget#0"})', 'indexdirectories.findOne({"_id":"brand:widgetworks"})', ...Array(8).fill('parts.findOne({"_id":<id>})')].sort());
    expect(reads(rare.queries)).toEqual(['cataloguemenus.findOne({"_id":"brands"})', 'indexdirectories.findOne({"_id":"search:gasket"})', 'indexchunks.findOne({"_id":"search:gasket#0"})', 'parts.findOne({"_id":<id>})'].sort());
  });

  it("several common words cost a page of each word's list, not the lists", async () => {
    const { queries, result } = await queriesOf(() => suggestionsFor("widget bracket acme wid"));
    expect(problemsOf("suggestionsFor(4 words)", queries)).toEqual([]);
    expect(result.length).toBeGreaterThan(0);
    expect(queries.length, queries.map(describeQuery).join("\n")).toBeLessThanOrEqual(24);
  });

  it("a part number reads its list's first page and the parts shown", async () => {
    const { queries, result } = await queriesOf(() => suggestionsFor("wdg 1042"));
    expect(problemsOf("suggestionsFor(wdg 1042)", queries)).toEqual([]);
    expect(result[0]).toMatchObject({ kind: "part-number", label: "WDG-1042 – Widget bracket 42" });
  });
});
