import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchParts } from "@/lib/catalogue/queries";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { connectDb } from "@/lib/storage/connect";
import { Part } from "@/models/Part";
import { problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// The cost rule: a word in every part name costs what a rare word costs, and neither grows
// with the catalogue. "for" is in every name here, as in the bench's; five gizmos are spread among
// the widgets, past the first entries of "for"'s list.

let added = 0;
async function addWidgets(count: number): Promise<void> {
  const base = Date.UTC(2026, 0, 1);
  const parts = Array.from({ length: count }, (_, i) => {
    const at = added + i;
    return {
      _id: new mongoose.Types.ObjectId(),
      partsname: at % 200 === 150 && at < 1000 ? `Gizmo Bracket for Car ${at}` : `Widget Clamp for Car ${at}`,
      image: "/parts/placeholder.svg",
      price: 10 + (at % 13),
      quantity: 5,
      minOrder: 1,
      description: "A part of the cost test.",
      createdAt: new Date(base + at * 60_000),
    };
  });
  added += count;
  await Part.collection.insertMany(parts);
  await reindexCatalogue();
}

const searchesOf = async (q: string) => {
  const { queries, result } = await queriesOf(() => searchParts({ q, withFacets: true }));
  expect(problemsOf(q, queries), q).toEqual([]);
  return { reads: queries.length, result };
};

beforeAll(async () => {
  await connectDb();
  await addWidgets(1000);
  startQueryRecorder();
}, 120_000);

afterAll(() => stopQueryRecorder());

describe("what a search costs", () => {
  it("finds every part of a rare word beside a word in every name, and says the count is a floor", async () => {
    const { result } = await searchesOf("gizmo for");
    expect(result.parts.map((part) => part.partsname)).toEqual([150, 350, 550, 750, 950].map((n) => `Gizmo Bracket for Car ${n}`));
    expect(result.complete).toBe(false);
    const rare = await searchesOf("gizmo bracket");
    expect(rare.result).toMatchObject({ total: 5, complete: true });
  });

  it("reads as much for a word in every name, a rare word or a typo at 1,000 parts as at 3,000", async () => {
    const queries = ["widget for", "gizmo for", "widgte clamp", "car 1"];
    const readsOf = async () => {
      const reads: number[] = [];
      for (const q of queries) reads.push((await searchesOf(q)).reads);
      return reads;
    };
    const before = await readsOf();
    stopQueryRecorder();
    await addWidgets(2000);
    startQueryRecorder();
    const after = await readsOf();
    expect(after).toEqual(before);
    expect(Math.max(...after)).toBeLessThan(45);
  }, 120_000);

  it("answers a long, many-worded, accented or symbol-only search at a bounded cost, never an error", async () => {
    for (const q of ["w".repeat(100), "widgte ".repeat(15), "ab cd ef gh ij kl mn op qr st uv wx yz ".repeat(3), "Ŵíďğéţ ¢łåmp", "🔧🔩 #$%^&*()", "alternatorbracketclampwidget"]) {
      const { reads } = await searchesOf(q);
      expect(reads, q).toBeLessThan(80);
    }
  });
});
