import mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { addPart, deletePart, updatePart } from "@/lib/catalogue/commands";
import { connectDb } from "@/lib/storage/connect";
import { InvalidInputError, NotFoundError } from "@/lib/errors";
import { addFitment, removeFitment, setUniversal } from "@/lib/catalogue/fitment-commands";
import { fitsList, fittingList, UNIVERSAL_LIST } from "@/lib/fitment/lists";
import { vehiclePartsPage } from "@/lib/catalogue/vehicle-parts-page";
import { findModelYear, partFitmentPage, vehicleEngines, vehicleMakes, vehicleModels, vehicleYears } from "@/lib/fitment/queries";
import { reindexFitment } from "@/lib/fitment/reindex";
import { partSchema } from "@/lib/validation/parts";
import { Fitment } from "@/models/Fitment";
import { Part } from "@/models/Part";

// What an admin says a part fits shows on the part's page, on each vehicle's page and in the
// selector's menus at once, and survives edits, deletes, races and a reindex.

const newPart = (partsname: string, price = 20) => addPart(partSchema.parse({ partsname, image: "/parts/placeholder.svg", price, quantity: 10, description: "A part of the fitment tests." }));
const names = (parts: { partsname: string }[]) => parts.map((part) => part.partsname);
const TESTCAR = { year: 2016, make: "testmake", model: "roadster-x" };
const partsOfTestcar = async () => names((await vehiclePartsPage(TESTCAR, { pageSize: 100 })).parts);
/** The prices the model year's own list holds for a part, in cents: what a sort would read. */
const listedPrices = async (name: string) => (await fittingList("2016|testmake|roadster-x").page({ offset: 0, limit: 1000 })).entries.filter((entry) => entry.name === name.toLowerCase()).map((entry) => entry.priceCents);

beforeAll(async () => {
  await connectDb();
});

describe("adding fitment", () => {
  it("expands a year range into model years, newest first on the part, each on its vehicle's page and in the menus", async () => {
    const pad = await newPart("Fitment pad");
    const result = await addFitment(pad._id, [
      { yearFrom: 2014, yearTo: 2016, make: "TestMake", model: "Roadster X", engine: "2.0 Turbo", position: "front" },
      { yearFrom: 2016, make: "TestMake", model: "Roadster X", position: "rear", note: "Sport package" },
    ]);
    expect(result).toEqual({ modelYears: 3, added: 4, updated: 0, unchanged: 0 });
    const { rows, total } = await partFitmentPage(pad._id, { offset: 0, limit: 10 });
    expect(total).toBe(3);
    expect(rows.map((row) => row.label)).toEqual(["2016 TestMake Roadster X", "2015 TestMake Roadster X", "2014 TestMake Roadster X"]);
    expect(rows[0]!.path).toBe("/vehicles/2016/testmake/roadster-x");
    expect(rows[0]!.applications).toEqual([
      { engine: "2.0 Turbo", engineSlug: "2-0-turbo", position: "front", note: null },
      { engine: null, engineSlug: null, position: "rear", note: "Sport package" },
    ]);
    expect(await partsOfTestcar()).toEqual(["Fitment pad"]);
    expect(await vehicleYears()).toEqual(expect.arrayContaining([2016, 2015, 2014]));
    expect(await vehicleMakes(2015)).toContainEqual({ slug: "testmake", name: "TestMake" });
    expect(await vehicleModels(2015, "testmake")).toEqual([{ slug: "roadster-x", name: "Roadster X" }]);
    expect(await vehicleEngines(2015, "testmake", "roadster-x")).toEqual([{ slug: "2-0-turbo", name: "2.0 Turbo" }]);
    expect(await findModelYear(2016, "testmake", "roadster-x")).toMatchObject({ label: "2016 TestMake Roadster X", path: "/vehicles/2016/testmake/roadster-x" });
    expect(await findModelYear(2013, "testmake", "roadster-x")).toBeNull();
  });

  it("the same row again only changes its note, and another spelling of the make is the same make", async () => {
    const part = await Part.findOne({ partsname: "Fitment pad" }).lean();
    const id = String(part!._id);
    const again = await addFitment(id, [
      { yearFrom: 2016, make: "testmake", model: "roadster  x", position: "rear", note: "Sport package" },
      { yearFrom: 2015, make: "TESTMAKE", model: "Roadster-X", engine: "2.0 turbo", position: "front", note: "New note" },
    ]);
    expect(again).toEqual({ modelYears: 2, added: 0, updated: 1, unchanged: 1 });
    expect((await partFitmentPage(id, { offset: 0, limit: 10 })).total).toBe(3);
    expect(await vehicleMakes(2015)).toEqual(expect.arrayContaining([{ slug: "testmake", name: "TestMake" }]));
  });

  it("refuses more model years than one request may touch, and a part that does not exist", async () => {
    const part = await newPart("Too broad part");
    const rows = Array.from({ length: 30 }, (_, i) => ({ yearFrom: 1990, yearTo: 2025, make: "Wide", model: `Model ${i}` }));
    await expect(addFitment(part._id, rows)).rejects.toThrow(InvalidInputError);
    expect(await fitsList(part._id).size()).toBe(0);
    await expect(addFitment(String(new mongoose.Types.ObjectId()), [{ yearFrom: 2016, make: "A", model: "B" }])).rejects.toThrow(NotFoundError);
  });

  it("two admins adding rows to one part at the same moment keep both", async () => {
    const part = await newPart("Raced fitment part");
    await Promise.all([
      addFitment(part._id, [{ yearFrom: 2016, make: "TestMake", model: "Roadster X" }]),
      addFitment(part._id, [{ yearFrom: 2016, make: "TestMake", model: "Roadster X", position: "left" }]),
      addFitment(part._id, [{ yearFrom: 2017, make: "TestMake", model: "Roadster X" }]),
    ]);
    const { rows } = await partFitmentPage(part._id, { offset: 0, limit: 10 });
    expect(rows.map((row) => [row.year, row.applications.length])).toEqual([
      [2017, 1],
      [2016, 2],
    ]);
  });
});

describe("the part commands keep fitment", () => {
  it("a price change moves the part's key in its vehicles' lists: the new price, once", async () => {
    const cheap = await newPart("Fitment cheap filter", 5);
    await addFitment(cheap._id, [{ yearFrom: 2016, make: "TestMake", model: "Roadster X" }]);
    expect(await listedPrices("Fitment cheap filter")).toEqual([500]);
    await updatePart(cheap._id, { price: 999 });
    expect(await listedPrices("Fitment cheap filter")).toEqual([99900]);
    expect((await partsOfTestcar()).filter((name) => name === "Fitment cheap filter")).toHaveLength(1);
  });

  it("a deleted part leaves its vehicles' lists and its fitment is deleted", async () => {
    const gone = await newPart("Fitment deleted hose");
    await addFitment(gone._id, [{ yearFrom: 2016, make: "TestMake", model: "Roadster X" }]);
    expect(await partsOfTestcar()).toContain("Fitment deleted hose");
    await deletePart(gone._id);
    expect(await partsOfTestcar()).not.toContain("Fitment deleted hose");
    expect(await Fitment.countDocuments({ _id: `${gone._id}|2016|testmake|roadster-x` })).toBe(0);
    expect(await fitsList(gone._id).size()).toBe(0);
  });
});

describe("removing fitment and universal parts", () => {
  it("takes one engine's application, then the whole model year; none left to take is a 404", async () => {
    const part = await newPart("Fitment removable belt");
    await addFitment(part._id, [
      { yearFrom: 2016, make: "TestMake", model: "Roadster X", engine: "1.6" },
      { yearFrom: 2016, make: "TestMake", model: "Roadster X", engine: "2.0 Turbo" },
    ]);
    expect(await removeFitment(part._id, { ...TESTCAR, engine: "1-6" })).toEqual({ removed: 1 });
    expect(await partsOfTestcar()).toContain("Fitment removable belt");
    expect(await removeFitment(part._id, TESTCAR)).toEqual({ removed: 1 });
    expect(await partsOfTestcar()).not.toContain("Fitment removable belt");
    await expect(removeFitment(part._id, TESTCAR)).rejects.toThrow(NotFoundError);
  });

  it("a universal part fits every vehicle, listed after the vehicle's own parts and never twice; made specific again, it fits its rows only", async () => {
    const mats = await newPart("Fitment floor mats");
    await addFitment(mats._id, [{ yearFrom: 2016, make: "TestMake", model: "Roadster X" }]);
    const before = await UNIVERSAL_LIST.size();
    await setUniversal(mats._id, true);
    await setUniversal(mats._id, true);
    expect(await UNIVERSAL_LIST.size()).toBe(before + 1);
    expect((await Part.findById(mats._id).lean())?.universal).toBe(true);
    const testcar = await partsOfTestcar();
    expect(testcar.filter((name) => name === "Fitment floor mats")).toHaveLength(1);
    expect(testcar.indexOf("Fitment floor mats")).toBeGreaterThan(testcar.indexOf("Fitment pad"));
    expect(names((await vehiclePartsPage({ year: 1999, make: "othermake", model: "any" }, { pageSize: 100 })).parts)).toContain("Fitment floor mats");
    await setUniversal(mats._id, false);
    expect(await UNIVERSAL_LIST.size()).toBe(before);
    expect((await Part.findById(mats._id).lean())?.universal).toBe(false);
    expect(await partsOfTestcar()).toContain("Fitment floor mats");
    expect(names((await vehiclePartsPage({ year: 1999, make: "othermake", model: "any" }, { pageSize: 100 })).parts)).not.toContain("Fitment floor mats");
  });
});

describe("reindexFitment", () => {
  it("lists fitment written straight into the database, and deletes the fitment of parts that are gone", async () => {
    const imported = await newPart("Fitment imported mirror");
    const orphanPart = new mongoose.Types.ObjectId();
    const doc = (part: string, year: number) => ({ _id: `${part}|${year}|importmake|wagon`, part: new mongoose.Types.ObjectId(part), year, make: "importmake", model: "wagon", makeName: "ImportMake", modelName: "Wagon", applications: [{ engine: "" }] });
    await Fitment.collection.insertMany([doc(imported._id, 2012), doc(imported._id, 2013), doc(String(orphanPart), 2012)] as never[]);
    expect(await findModelYear(2012, "importmake", "wagon")).toBeNull();
    const summary = await reindexFitment();
    expect(summary).toMatch(/^Fitment reindexed: \d+ parts with fitment, \d+ model years with parts, \d+ universal parts?, 1 fitment of deleted parts removed, \d+ stale lists? removed\.$/);
    const wagon = await vehiclePartsPage({ year: 2012, make: "importmake", model: "wagon" }, {});
    expect(names(wagon.parts).slice(0, wagon.own)).toEqual(["Fitment imported mirror"]);
    expect((await partFitmentPage(imported._id, { offset: 0, limit: 5 })).total).toBe(2);
    expect(await findModelYear(2013, "importmake", "wagon")).toMatchObject({ label: "2013 ImportMake Wagon" });
    expect(await Fitment.countDocuments({ part: orphanPart })).toBe(0);
    expect(await partsOfTestcar()).toContain("Fitment pad");
  });
});
