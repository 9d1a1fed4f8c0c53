import mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { addPart, deletePart, updatePart } from "@/lib/catalogue/commands";
import { searchList } from "@/lib/catalogue/lists";
import { countParts, listParts, searchParts } from "@/lib/catalogue/queries";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { connectDb } from "@/lib/storage/connect";
import { IndexDirectory } from "@/lib/storage/models/IndexChunk";
import { Part } from "@/models/Part";

// What an admin or an operator does to the catalogue shows in its pages, sorts and search at once:
// through the shop's commands, and after reindexCatalogue for parts written straight into the database.

const newPart = (partsname: string, price = 10) => ({ partsname, image: "/parts/placeholder.svg", price, quantity: 20, minOrder: 1, description: "A part of the list tests." });
const names = (parts: { partsname: string }[]) => parts.map((part) => part.partsname);
const found = async (q: string) => names((await searchParts({ q, pageSize: 100 })).parts);

beforeAll(async () => {
  await connectDb();
  for (const name of ["Alpha hub", "Bravo hub", "Charlie hub"]) await addPart(newPart(name, 20));
});

describe("the part commands keep the lists", () => {
  it("a new part is listed last, counted, sorted and found as soon as addPart returns", async () => {
    const before = await countParts();
    await addPart(newPart("Zulu gasket", 0.5));
    expect(await countParts()).toBe(before + 1);
    expect(names(await listParts()).at(-1)).toBe("Zulu gasket");
    expect(names((await searchParts({ sort: "price-asc" })).parts)[0]).toBe("Zulu gasket");
    expect(names((await searchParts({ sort: "name", pageSize: 100 })).parts).at(-1)).toBe("Zulu gasket");
    expect(await found("gask")).toEqual(["Zulu gasket"]);
  });

  it("an edit moves the part in the sorts and the search: the old name no longer finds it", async () => {
    const part = await addPart(newPart("Echo pulley", 15));
    await updatePart(part._id, { partsname: "Aardvark pulley", price: 999, description: "Renamed by the test." });
    expect(await found("echo")).toEqual([]);
    expect(await found("aardvark renamed")).toEqual(["Aardvark pulley"]);
    expect(names((await searchParts({ sort: "name" })).parts)[0]).toBe("Aardvark pulley");
    expect(names((await searchParts({ sort: "price-desc" })).parts)[0]).toBe("Aardvark pulley");
    expect(names((await searchParts({ q: "pulley", sort: "price-desc" })).parts)).toEqual(["Aardvark pulley"]);
    expect(names(await listParts()).filter((name) => name.includes("pulley"))).toEqual(["Aardvark pulley"]);
  });

  it("a deleted part leaves every list and the search", async () => {
    const part = await addPart(newPart("Foxtrot sprocket"));
    const before = await countParts();
    await deletePart(part._id);
    expect(await countParts()).toBe(before - 1);
    expect(names(await listParts())).not.toContain("Foxtrot sprocket");
    expect(names((await searchParts({ sort: "price-asc", pageSize: 100 })).parts)).not.toContain("Foxtrot sprocket");
    expect(await found("sprocket")).toEqual([]);
  });

  it("30 parts added at once are all listed, counted and found", async () => {
    const before = await countParts();
    const added = await Promise.all(Array.from({ length: 30 }, (_, i) => addPart(newPart(`Crowd bolt ${i}`))));
    expect(await countParts()).toBe(before + 30);
    const listed = (await listParts({ skip: before, limit: 100 })).map((part) => part._id);
    expect(listed.sort()).toEqual(added.map((part) => part._id).sort());
    expect((await searchParts({ q: "crowd bolt" })).total).toBe(30);
    expect((await searchParts({ sort: "name", pageSize: 100 })).total).toBe(before + 30);
  });
});

describe("reindexCatalogue", () => {
  it("lists, counts and finds parts written straight into the collection, and drops terms no part has", async () => {
    const gone = await addPart(newPart("Quebec flywheel"));
    await Part.collection.deleteOne({ _id: new mongoose.Types.ObjectId(gone._id) });
    const imported = ["Imported radiator", "Imported thermostat"].map((partsname, i) => ({
      ...newPart(partsname, 7 + i),
      _id: new mongoose.Types.ObjectId(),
      createdAt: new Date(Date.now() + 60_000 + i),
    }));
    await Part.collection.insertMany(imported);
    const before = await countParts();
    expect(names(await listParts())).not.toContain("Imported radiator");
    expect(await found("imported")).toEqual([]);

    const summary = await reindexCatalogue();

    expect(summary).toMatch(/^Catalogue reindexed: \d+ parts listed, \d+ search terms, \d+ part numbers?, \d+ SKUs?, \d+ stale lists? removed\.$/);
    expect(await countParts()).toBe(before + 2 - 1);
    expect(names(await listParts()).slice(-2)).toEqual(["Imported radiator", "Imported thermostat"]);
    expect(await found("imported")).toEqual(["Imported radiator", "Imported thermostat"]);
    expect(await found("thermo")).toEqual(["Imported thermostat"]);
    expect(names((await searchParts({ sort: "price-asc" })).parts)).toContain("Imported radiator");
    expect(await found("flywheel")).toEqual([]);
    expect(await IndexDirectory.findById(searchList("flywheel").name).lean()).toBeNull();
  });
});
