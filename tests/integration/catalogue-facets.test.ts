import { beforeAll, describe, expect, it } from "vitest";
import { addPart, deletePart, updatePart } from "@/lib/catalogue/commands";
import { PART_PLACEHOLDER } from "@/lib/catalogue/images";
import { searchParts, type PartSearch } from "@/lib/catalogue/queries";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { connectDb } from "@/lib/storage/connect";
import { addFitment } from "@/lib/catalogue/fitment-commands";
import { partSchema } from "@/lib/validation/parts";
import { CatalogueMenu } from "@/models/CatalogueMenu";
import { IndexChunk, IndexDirectory } from "@/lib/storage/models/IndexChunk";
import { Part } from "@/models/Part";

// The catalogue's facets: category, brand, price range and in stock, each alone and together, with
// a search and a vehicle, counted from the lists' sizes for the whole catalogue and from the
// matching parts' keys otherwise, and kept right through edits, deletes, sell-outs and a reindex.

type Spec = { name: string; price: number; brand?: string; category?: string; quantity?: number };
const SPECS: Spec[] = [
  { name: "Facet disc front", price: 60, brand: "Stopwell", category: "brakes" },
  { name: "Facet disc rear", price: 45, brand: "Stopwell", category: "brakes", quantity: 0 },
  { name: "Facet pads", price: 22, brand: "GripCo", category: "brakes" },
  { name: "Facet oil filter", price: 9, brand: "Purifo", category: "filters" },
  { name: "Facet air filter", price: 14, brand: "PURIFO", category: "filters", quantity: 0 },
  { name: "Facet battery", price: 140, brand: "Voltmax", category: "electrical" },
  { name: "Facet headlamp", price: 310, category: "lighting" },
  { name: "Facet mystery bolt", price: 2 },
];
const ids: Record<string, string> = {};
const names = (result: { parts: { partsname: string }[] }) => result.parts.map((part) => part.partsname);
const search = (query: PartSearch) => searchParts({ pageSize: 100, withFacets: true, ...query });
const counted = (values: { value: string; count: number }[] | undefined) => Object.fromEntries((values ?? []).map((value) => [value.value, value.count]));

beforeAll(async () => {
  await connectDb();
  for (const spec of SPECS) {
    const part = await addPart(partSchema.parse({ partsname: spec.name, image: PART_PLACEHOLDER, price: spec.price, quantity: 10, description: "A part of the facet tests.", ...(spec.brand ? { brand: spec.brand } : {}), ...(spec.category ? { category: spec.category } : {}) }));
    ids[spec.name] = part._id;
    // Sold out straight in the database, as the last order of a part leaves it.
    if (spec.quantity === 0) await Part.updateOne({ _id: part._id }, { $set: { quantity: 0 } });
  }
});

describe("the whole catalogue's facets", () => {
  it("count every value from the lists, brands spelled alike counted as one, named as first spelled", async () => {
    const { facets, total } = await search({});
    expect(total).toBe(8);
    expect(counted(facets?.categories)).toEqual({ brakes: 3, filters: 2, electrical: 1, lighting: 1 });
    expect(facets?.categories.find((value) => value.value === "brakes")?.label).toBe("Brakes");
    expect(counted(facets?.brands)).toEqual({ stopwell: 2, gripco: 1, purifo: 2, voltmax: 1 });
    expect(facets?.brands.find((value) => value.value === "purifo")?.label).toBe("Purifo");
    expect(counted(facets?.prices)).toEqual({ "under-25": 4, "25-50": 1, "50-100": 1, "100-250": 1, "250-up": 1 });
    expect(facets?.inStock).toBe(6);
  });

  it("in stock only: pages of each sort skip the parts sold out, none lost or repeated", async () => {
    for (const sort of [undefined, "price-asc", "price-desc", "name"] as const) {
      const whole = names(await search({ sort, filters: { inStock: true } }));
      expect(whole).toHaveLength(6);
      expect(whole).not.toContain("Facet disc rear");
      const paged = [];
      for (let page = 1; page <= 3; page += 1) paged.push(...names(await search({ sort, page, pageSize: 2, filters: { inStock: true } })));
      expect({ sort, paged }).toEqual({ sort, paged: whole });
    }
    const { facets, total } = await search({ filters: { inStock: true } });
    expect(total).toBe(6);
    expect(counted(facets?.categories)).toEqual({ brakes: 2, filters: 1, electrical: 1, lighting: 1 });
  });
});

describe("narrowing", () => {
  it("by one facet, then another: the counts follow what is shown", async () => {
    const brakes = await search({ filters: { category: "brakes" } });
    expect(names(brakes).sort()).toEqual(["Facet disc front", "Facet disc rear", "Facet pads"]);
    expect(counted(brakes.facets?.brands)).toEqual({ stopwell: 2, gripco: 1 });
    expect(brakes.facets?.inStock).toBe(2);
    const stopwellInStock = await search({ filters: { category: "brakes", brand: "stopwell", inStock: true } });
    expect(names(stopwellInStock)).toEqual(["Facet disc front"]);
    expect(names(await search({ filters: { price: "under-25" }, sort: "price-asc" }))).toEqual(["Facet mystery bolt", "Facet oil filter", "Facet air filter", "Facet pads"]);
    expect((await search({ filters: { brand: "no-such-brand" } })).total).toBe(0);
  });

  it("a chosen value that no part has (any more) is still offered, at 0, so it can be taken off", async () => {
    const emptied = await search({ filters: { brand: "gripco", price: "250-up" } });
    expect(emptied.total).toBe(0);
    expect(emptied.facets?.brands).toEqual([{ value: "gripco", label: "GripCo", count: 0 }]);
    expect(emptied.facets?.prices).toEqual([{ value: "250-up", label: "$250 and up", count: 0 }]);
    const unknown = await search({ filters: { category: "lighting", brand: "no-such-brand" } });
    expect(counted(unknown.facets?.brands)).toEqual({ "no-such-brand": 0 });
    expect(counted(unknown.facets?.categories)).toEqual({ lighting: 0 });
  });

  it("with a search text and within a vehicle", async () => {
    const filters = await search({ q: "facet filter", filters: { brand: "purifo", inStock: true } });
    expect(names(filters)).toEqual(["Facet oil filter"]);
    await addFitment(ids["Facet pads"]!, [{ yearFrom: 2019, make: "FacetMake", model: "Hatch" }]);
    await addFitment(ids["Facet oil filter"]!, [{ yearFrom: 2019, make: "FacetMake", model: "Hatch" }]);
    const hatch = { year: 2019, make: "facetmake", model: "hatch" };
    const inHatch = await search({ vehicle: hatch });
    expect(names(inHatch).sort()).toEqual(["Facet oil filter", "Facet pads"]);
    expect(counted(inHatch.facets?.categories)).toEqual({ brakes: 1, filters: 1 });
    expect(names(await search({ vehicle: hatch, filters: { category: "filters" } }))).toEqual(["Facet oil filter"]);
    expect(names(await search({ vehicle: hatch, q: "pads" }))).toEqual(["Facet pads"]);
  });
});

/** What one facet value's page must show, worked out from the parts as they stand: the plain rule. */
async function expectedOf(value: { category?: string; brand?: string; price?: string }, sort: "price-asc" | "price-desc" | "name" | undefined, inStock: boolean) {
  const parts = await Part.find({ partsname: /^Facet / }, { partsname: 1, price: 1, brand: 1, category: 1, quantity: 1, createdAt: 1 }).lean();
  const band = (price: number) => (price < 25 ? "under-25" : price < 50 ? "25-50" : price < 100 ? "50-100" : price < 250 ? "100-250" : "250-up");
  const brandSlug = (brand?: string | null) => (brand ?? "").toLowerCase();
  const having = parts.filter((part) => (!value.category || part.category === value.category) && (!value.brand || brandSlug(part.brand) === value.brand) && (!value.price || band(part.price) === value.price));
  const shown = having.filter((part) => !inStock || part.quantity > 0);
  const byId = (a: { _id: unknown }, b: { _id: unknown }) => (String(a._id) < String(b._id) ? -1 : 1);
  const ordered =
    sort === "name" ? [...shown].sort((a, b) => (a.partsname.toLowerCase() < b.partsname.toLowerCase() ? -1 : a.partsname.toLowerCase() > b.partsname.toLowerCase() ? 1 : byId(a, b)))
    : sort === "price-asc" ? [...shown].sort((a, b) => a.price - b.price || byId(a, b))
    : sort === "price-desc" ? [...shown].sort((a, b) => a.price - b.price || byId(a, b)).reverse()
    : [...shown].sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime() || byId(a, b));
  // A chosen value is offered even with no part shown.
  const tallyOf = (pick: (part: (typeof shown)[number]) => string | null | undefined, chosen?: string) => {
    const counts: Record<string, number> = chosen ? { [chosen]: 0 } : {};
    for (const part of shown) {
      const key = pick(part);
      if (key) counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };
  return {
    names: ordered.map((part) => part.partsname),
    categories: tallyOf((part) => part.category, value.category),
    brands: tallyOf((part) => brandSlug(part.brand), value.brand),
    prices: tallyOf((part) => band(part.price), value.price),
    inStock: having.filter((part) => part.quantity > 0).length,
  };
}

const ONE_VALUE = [{ category: "brakes" }, { category: "filters" }, { brand: "stopwell" }, { brand: "purifo" }, { price: "under-25" }, { price: "25-50" }] as const;

describe("one facet value alone: a page of its list, counted from the counts kept on write", () => {
  it("every value, sort and stock filter, page by page, agrees with the plain rule, counts included", async () => {
    for (const value of ONE_VALUE) {
      for (const sort of [undefined, "price-asc", "price-desc", "name"] as const) {
        for (const inStock of [false, true]) {
          const expected = await expectedOf(value, sort, inStock);
          const label = JSON.stringify({ value, sort, inStock });
          const whole = await search({ sort, filters: { ...value, inStock } });
          expect(whole.total, label).toBe(expected.names.length);
          expect(counted(whole.facets?.categories), label).toEqual(expected.categories);
          expect(counted(whole.facets?.brands), label).toEqual(expected.brands);
          expect(counted(whole.facets?.prices), label).toEqual(expected.prices);
          expect(whole.facets?.inStock, label).toBe(expected.inStock);
          const paged = [];
          for (let page = 1; page <= Math.max(1, Math.ceil(expected.names.length / 2)); page += 1) paged.push(...names(await search({ sort, page, pageSize: 2, filters: { ...value, inStock } })));
          expect(paged, label).toEqual(expected.names);
        }
      }
    }
  });

  it("lists not counted yet (a database from before the counts) are counted from their keys, and the reindex counts them", async () => {
    const withCounts = await search({ sort: "name", filters: { brand: "stopwell" } });
    const wholeWithCounts = await search({ filters: { inStock: true } });
    const facetLists = { _id: /^(category|brand|price-band):[^>]*$/ };
    await IndexDirectory.updateMany(facetLists, { $unset: { counts: 1 } });
    const fromKeys = await search({ sort: "name", filters: { brand: "stopwell" } });
    expect(names(fromKeys)).toEqual(names(withCounts));
    expect(fromKeys.facets).toEqual(withCounts.facets);
    // The whole catalogue's counts then come from each value's list size.
    const wholeFromSizes = await search({ filters: { inStock: true } });
    expect([names(wholeFromSizes), wholeFromSizes.facets]).toEqual([names(wholeWithCounts), wholeWithCounts.facets]);
    // A part added now does not start counting a list that holds parts already: it stays uncounted, and right.
    const added = await addPart(partSchema.parse({ partsname: "Facet caliper", image: PART_PLACEHOLDER, price: 80, quantity: 3, description: "A part of the facet tests.", brand: "Stopwell", category: "brakes" }));
    const countsOf = async (list: string) => (await IndexDirectory.findById(list).lean())?.counts;
    expect(await countsOf("brand:stopwell")).toBeUndefined();
    const expected = await expectedOf({ brand: "stopwell" }, "name", false);
    const oneAdded = await search({ sort: "name", filters: { brand: "stopwell" } });
    expect([names(oneAdded), counted(oneAdded.facets?.categories)]).toEqual([expected.names, expected.categories]);
    await reindexCatalogue();
    expect((await countsOf("brand:stopwell"))?.["brand:stopwell"]).toBe(expected.names.length);
    await deletePart(added._id);
    expect((await countsOf("brand:stopwell"))?.["brand:stopwell"]).toBe(expected.names.length - 1);
    expect((await countsOf("brand:stopwell"))?.["category:brakes"]).toBe((await expectedOf({ brand: "stopwell" }, undefined, false)).categories.brakes);
  });

  it("a brand called Constructor is counted like any other", async () => {
    const odd = await addPart(partSchema.parse({ partsname: "Facet odd bolt", image: PART_PLACEHOLDER, price: 3, quantity: 3, description: "A part of the facet tests.", brand: "Constructor" }));
    const shown = await search({ filters: { brand: "constructor" } });
    expect([names(shown), counted(shown.facets?.brands)]).toEqual([["Facet odd bolt"], { constructor: 1 }]);
    expect(counted((await search({})).facets?.brands)).toMatchObject({ constructor: 1 });
    await deletePart(odd._id);
    expect(Object.hasOwn(counted((await search({})).facets?.brands), "constructor")).toBe(false);
  });
});

describe("the facets follow the parts", () => {
  it("an edit moves a part between values; a delete takes it away; a reindex rebuilds lists and brands alike", async () => {
    await updatePart(ids["Facet battery"]!, { brand: "Stopwell", category: "lighting", price: 30 });
    let { facets } = await search({});
    expect(counted(facets?.brands)).toEqual({ stopwell: 3, gripco: 1, purifo: 2 });
    expect(counted(facets?.categories)).toEqual({ brakes: 3, filters: 2, lighting: 2 });
    expect(names(await search({ filters: { brand: "stopwell", price: "25-50" } })).sort()).toEqual(["Facet battery", "Facet disc rear"]);

    await deletePart(ids["Facet headlamp"]!);
    ({ facets } = await search({}));
    expect(counted(facets?.prices)["250-up"]).toBeUndefined();
    // The values' counts and sorted lists moved with the edit and the delete.
    for (const value of [{ brand: "stopwell" }, { brand: "voltmax" }, { category: "lighting" }, { category: "electrical" }, { price: "25-50" }, { price: "100-250" }] as const) {
      const expected = await expectedOf(value, "price-desc", false);
      const shown = await search({ sort: "price-desc", filters: value });
      expect([names(shown), counted(shown.facets?.categories), counted(shown.facets?.brands)], JSON.stringify(value)).toEqual([expected.names, expected.categories, expected.brands]);
    }

    const before = await search({ filters: { category: "brakes", inStock: true } });
    await IndexChunk.deleteMany({ list: /^(category|brand|price-band):/ });
    await IndexDirectory.deleteMany({ _id: /^(category|brand|price-band):/ });
    await CatalogueMenu.deleteMany({});
    await reindexCatalogue();
    const after = await search({ filters: { category: "brakes", inStock: true } });
    expect(names(after)).toEqual(names(before));
    expect(counted((await search({})).facets?.brands)).toEqual(counted(facets?.brands));
  });
});
