import { beforeAll, describe, expect, it } from "vitest";
import { isPartCategory, PART_CATEGORIES } from "@/lib/vocabulary/categories";
import { addPart } from "@/lib/catalogue/commands";
import { CATALOGUE_PAGE_SIZE, countParts, partSitemapEntries, searchParts } from "@/lib/catalogue/queries";
import { connectDb } from "@/lib/storage/connect";
import { seedParts } from "@/lib/seed/catalogue";
import { seedDatabase } from "@/lib/seed/seed";

// Parts added through the shop, beside the seeded ones (which the seed lists by reindexing).
const addedParts = [
  { partsname: "Bracket (left) .* edition", description: "Has a star and a dot in its name." },
  { partsname: "Hose clamp [10-16] mm", description: "Square brackets and a dash." },
  { partsname: "Décor trim strip", description: "Chrome accent for the door sill." },
  { partsname: "Wiper blade kit #12", description: "Numbered like the bench's parts." },
  { partsname: "Wiper blade kit #120", description: "Numbered like the bench's parts." },
  { partsname: "Wiper blade kit #212", description: "Numbered like the bench's parts." },
  { partsname: "Wiper blade kit #1", description: "Numbered like the bench's parts." },
];
const catalogue = [...seedParts, ...addedParts];
const total = catalogue.length;

beforeAll(async () => {
  await connectDb();
  await seedDatabase({ NODE_ENV: "development" });
  for (const [i, part] of addedParts.entries()) {
    await addPart({ ...part, image: "/parts/placeholder.svg", price: 3 + (i % 3), quantity: 10, minOrder: 1 });
  }
}, 120_000);

// The rule the search must agree with, written out plainly: every word of the search begins some
// word of the part's name, brand, category or description, ignoring case and accents.
const words = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const expectedMatches = (q: string) =>
  catalogue
    .filter((part) => {
      const category = "category" in part && isPartCategory(part.category) ? PART_CATEGORIES[part.category] : "";
      const partWords = words(`${part.partsname} ${"brand" in part ? part.brand : ""} ${category} ${part.description}`);
      return words(q).every((word) => partWords.some((partWord) => (word.length === 1 ? partWord === word : partWord.startsWith(word))));
    })
    .map((part) => part.partsname)
    .sort();
const names = (parts: { partsname: string }[]) => parts.map((part) => part.partsname);

describe("the catalogue without a search", () => {
  it("pages 12 at a time in catalogue order, oldest first", async () => {
    const first = await searchParts({ page: 1 });
    expect(first).toMatchObject({ total, page: 1, pageSize: CATALOGUE_PAGE_SIZE, pageCount: Math.ceil(total / CATALOGUE_PAGE_SIZE) });
    expect(names(first.parts)).toEqual(names(catalogue.slice(0, 12)));
    const second = await searchParts({ page: 2 });
    expect(names(second.parts)).toEqual(names(catalogue.slice(12, 24)));
    expect(await countParts()).toBe(total);
  });

  it("treats a page below 1 or a fraction as page 1", async () => {
    expect((await searchParts({ page: 0 })).page).toBe(1);
    expect((await searchParts({ page: 1.5 })).page).toBe(1);
  });

  it("sorts by price both ways and by name A–Z, accents read as plain letters", async () => {
    const all = async (sort: "price-asc" | "price-desc" | "name") => (await searchParts({ sort, pageSize: 100 })).parts;
    const up = (await all("price-asc")).map((p) => p.price);
    expect(up).toHaveLength(total);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await all("price-desc")).map((p) => p.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const byName = names(await all("name"));
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  });
});

describe("searchParts", () => {
  it("matches name or description, whatever the case", async () => {
    expect(names((await searchParts({ q: "BRAKE" })).parts).sort()).toEqual(["Ceramic Brake Pad Set (Front Axle)", "Vented Front Brake Disc 300 mm"]);
    expect(names((await searchParts({ q: "start-stop" })).parts)).toEqual(["AGM Start-Stop Battery 70 Ah"]);
  });

  it("matches word beginnings, not any substring: rake does not find brake", async () => {
    expect((await searchParts({ q: "rake" })).total).toBe(0);
    expect(names((await searchParts({ q: "bra" })).parts)).toEqual(expect.arrayContaining(["Vented Front Brake Disc 300 mm", "Bracket (left) .* edition"]));
  });

  it("finds #12 and #120 for #12, but not #212 or #1", async () => {
    expect(names((await searchParts({ q: "wiper #12" })).parts).sort()).toEqual(["Wiper blade kit #12", "Wiper blade kit #120"]);
  });

  it("folds accents both ways: decor finds Décor, and Décor finds it too", async () => {
    expect(names((await searchParts({ q: "decor" })).parts)).toEqual(["Décor trim strip"]);
    expect(names((await searchParts({ q: "DÉC" })).parts)).toEqual(["Décor trim strip"]);
  });

  // Words only: a synonym ("brake disc" is a disc, a rotor) or a typo reaches further (tests/integration/search-relevance.test.ts).
  it.each(["brake", "stopline", "cooling", "thermex pump", "electrical", "front axle", "disc pad", "ca", "wiper 12", "o", "1", "iridium spark 0", "kit blade wiper", "zzz", "de la", "[10-16]"])(
    "agrees with the plain rule for %j, in its count too, as the catalogue page finds it",
    async (q) => {
      const result = await searchParts({ q, pageSize: 100, withFacets: true });
      expect(names(result.parts).sort()).toEqual(expectedMatches(q));
      expect(result.total).toBe(expectedMatches(q).length);
      expect((await searchParts({ q, pageSize: 1 })).total).toBe(expectedMatches(q).length);
    },
  );

  it("pages a search in its relevance order, and sorts it by price or name", async () => {
    const q = "the";
    const matches = (await searchParts({ q, pageSize: 100 })).parts;
    expect(names(matches).sort()).toEqual(expectedMatches(q));
    expect(matches.length).toBeGreaterThan(3);
    const page2 = await searchParts({ q, page: 2, pageSize: 2 });
    expect(names(page2.parts)).toEqual(names(matches.slice(2, 4)));
    expect(page2.pageCount).toBe(Math.ceil(matches.length / 2));
    const byPrice = (await searchParts({ q, sort: "price-asc", pageSize: 100 })).parts.map((p) => p.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const byPriceDown = (await searchParts({ q: "the disc", sort: "price-desc", pageSize: 100 })).parts.map((p) => p.price);
    expect(byPriceDown).toEqual([...byPriceDown].sort((a, b) => b - a));
    const byName = names((await searchParts({ q, sort: "name", pageSize: 100 })).parts);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  });

  it("finds nothing for a text without a letter or digit, and runs no operator or pattern", async () => {
    for (const q of [".*", "(", "$", "^|\\"]) expect((await searchParts({ q })).total, q).toBe(0);
    // An operator is read as its words ("ne", "null"), nothing more.
    expect(names((await searchParts({ q: '{"$ne": null}', pageSize: 100 })).parts)).toEqual(names((await searchParts({ q: "ne null", pageSize: 100 })).parts));
  });

  it("reads only the first MAX_SEARCH_LENGTH characters and ignores control characters", async () => {
    expect(names((await searchParts({ q: `iri\u0000dium${" ".repeat(100)}zzz` })).parts)).toEqual(["Iridium Spark Plug"]);
  });
});

describe("partSitemapEntries", () => {
  it("slices the whole catalogue without gaps or overlaps", async () => {
    const slices = await Promise.all([0, 5, 10, 15, 20].map((skip) => partSitemapEntries({ skip, limit: 5 })));
    const ids = slices.flat().map((e) => e._id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(slices.flat().every((e) => !Number.isNaN(Date.parse(e.updatedAt)))).toBe(true);
  });
});
