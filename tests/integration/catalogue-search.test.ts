import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_PAGE_SIZE, countParts, partSitemapEntries, searchParts } from "@/lib/catalogue/queries";
import { escapeRegex } from "@/lib/catalogue/search";
import { connectDb } from "@/lib/db/connect";
import { seedParts } from "@/lib/seed/catalogue";
import { seedDatabase } from "@/lib/seed/seed";
import { Part } from "@/models/Part";

// Parts whose names are made of regex metacharacters: a search must find them literally.
const literalParts = [
  { partsname: "Bracket (left) .* edition", description: "Has a star and a dot in its name." },
  { partsname: "Hose clamp [10-16] mm", description: "Square brackets and a dash." },
  { partsname: "Cable tie $5 pack", description: "Costs more than $5? No: a dollar sign and a question mark." },
];

beforeAll(async () => {
  await connectDb();
  await seedDatabase({ NODE_ENV: "development" });
  await Part.insertMany(
    literalParts.map((p, i) => ({ ...p, image: "/parts/placeholder.svg", price: 1 + i, quantity: 10, minOrder: 1, createdAt: new Date(Date.UTC(2027, 0, 1 + i)) })),
  );
});

const total = seedParts.length + literalParts.length;

describe("searchParts", () => {
  it("pages the catalogue 12 at a time in catalogue order", async () => {
    const first = await searchParts({ page: 1 });
    expect(first).toMatchObject({ total, page: 1, pageSize: CATALOGUE_PAGE_SIZE, pageCount: Math.ceil(total / CATALOGUE_PAGE_SIZE) });
    expect(first.parts.map((p) => p.partsname)).toEqual(seedParts.slice(0, 12).map((p) => p.partsname));
    const second = await searchParts({ page: 2 });
    expect(second.parts).toHaveLength(total - 12);
    expect(second.parts.map((p) => p._id)).not.toContain(first.parts[0]!._id);
  });

  it("treats a page below 1 or a fraction as page 1", async () => {
    expect((await searchParts({ page: 0 })).page).toBe(1);
    expect((await searchParts({ page: 1.5 })).page).toBe(1);
  });

  it("matches name or description, case-insensitively", async () => {
    const byName = await searchParts({ q: "BRAKE" });
    expect(byName.parts.map((p) => p.partsname).sort()).toEqual(["Ceramic Brake Pad Set (Front Axle)", "Vented Front Brake Disc 300 mm"]);
    const byDescription = await searchParts({ q: "start-stop" });
    expect(byDescription.parts.map((p) => p.partsname)).toEqual(["AGM Start-Stop Battery 70 Ah"]);
  });

  // What a literal, case-insensitive "contains" finds: the reference the search must agree with.
  const literalMatches = (q: string) =>
    [...seedParts, ...literalParts]
      .filter((p) => `${p.partsname}\n${p.description}`.toLowerCase().includes(q.toLowerCase()))
      .map((p) => p.partsname)
      .sort();

  it.each([".*", "(", "[10-16]", "$5", "?", "\\", "a|b", "^Iridium"])("runs the user text %j literally, never as a pattern", async (q) => {
    const result = await searchParts({ q });
    expect(result.parts.map((p) => p.partsname).sort()).toEqual(literalMatches(q));
    expect(result.total).toBe(literalMatches(q).length);
    expect(await countParts(q)).toBe(literalMatches(q).length);
  });

  it("finds the part named with metacharacters, and only it, for .* and [10-16]", async () => {
    expect((await searchParts({ q: ".*" })).parts.map((p) => p.partsname)).toEqual(["Bracket (left) .* edition"]);
    expect((await searchParts({ q: "[10-16]" })).parts.map((p) => p.partsname)).toEqual(["Hose clamp [10-16] mm"]);
    expect((await searchParts({ q: "(" })).total).toBeGreaterThan(1);
  });

  it("does not run an operator smuggled in as search text", async () => {
    const result = await searchParts({ q: '{"$ne": null}' });
    expect(result.total).toBe(0);
  });

  it("sorts by price both ways and by name, ties broken by id", async () => {
    const all = async (sort: "price-asc" | "price-desc" | "name") =>
      (await searchParts({ sort, pageSize: 100 })).parts;
    const up = (await all("price-asc")).map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await all("price-desc")).map((p) => p.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const names = (await all("name")).map((p) => p.partsname);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("counts every part without a search text", async () => {
    expect(await countParts()).toBe(total);
  });
});

describe("partSitemapEntries", () => {
  it("slices the whole catalogue without gaps or overlaps", async () => {
    const slices = await Promise.all([0, 5, 10, 15].map((skip) => partSitemapEntries({ skip, limit: 5 })));
    const ids = slices.flat().map((e) => e._id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(slices.flat().every((e) => !Number.isNaN(Date.parse(e.updatedAt)))).toBe(true);
  });
});

describe("escapeRegex", () => {
  it("escapes every metacharacter", () => {
    const text = ".*+?^${}()|[]\\/-";
    expect(new RegExp(`^${escapeRegex(text)}$`).test(text)).toBe(true);
  });
});
