import { beforeAll, describe, expect, it } from "vitest";
import { addPart, deletePart, updatePart } from "@/lib/catalogue/commands";
import { searchParts } from "@/lib/catalogue/queries";
import { connectDb } from "@/lib/storage/connect";
import { IndexChunk, IndexDirectory } from "@/lib/storage/models/IndexChunk";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { addFitment, removeFitment, setUniversal } from "@/lib/catalogue/fitment-commands";
import { engineOnlyList, engineOnlyParts } from "@/lib/fitment/lists";
import { reindexFitment } from "@/lib/fitment/reindex";
import { readChosenVehicle } from "@/lib/garage/chosen-vehicle";
import { GARAGE_SIZE, activateVehicle, garageOf, parkVehicle, removeVehicle } from "@/lib/garage/commands";
import { fitVerdicts } from "@/lib/garage/fit";
import { type KnownVehicle, knownVehicle } from "@/lib/garage/known-vehicle";
import { partSchema } from "@/lib/validation/parts";
import { User } from "@/models/User";

// The customer's car decides what the catalogue shows and what every part says: the parts that fit
// its model year (less those for another engine, when one is chosen) and the universal ones, found
// by a search or a sort too; and My Garage keeps several cars, one of them active, under races.

const newPart = (partsname: string, price = 20) => addPart(partSchema.parse({ partsname, image: "/parts/placeholder.svg", price, quantity: 10, description: "A part of the garage tests." }));
const names = (parts: { partsname: string }[]) => parts.map((part) => part.partsname).sort();
const MODEL_YEAR = "2020|garagemake|runabout";

let anyEngine: KnownVehicle;
let turbo: KnownVehicle;
let diesel: KnownVehicle;
const ids: Record<string, string> = {};

beforeAll(async () => {
  await connectDb();
  for (const [name, price] of [["Garage brake pads", 30], ["Garage turbo hose", 45], ["Garage glow plug", 12], ["Garage wiper", 9], ["Garage unfitted mirror", 80], ["Garage other car belt", 20]] as const) {
    ids[name] = (await newPart(name, price))._id;
  }
  await addFitment(ids["Garage brake pads"]!, [{ yearFrom: 2019, yearTo: 2021, make: "GarageMake", model: "Runabout", position: "front" }]);
  await addFitment(ids["Garage turbo hose"]!, [{ yearFrom: 2020, make: "GarageMake", model: "Runabout", engine: "1.4 Turbo" }]);
  await addFitment(ids["Garage glow plug"]!, [{ yearFrom: 2020, make: "GarageMake", model: "Runabout", engine: "2.0 Diesel" }]);
  await addFitment(ids["Garage other car belt"]!, [{ yearFrom: 2020, make: "GarageMake", model: "Estate" }]);
  await setUniversal(ids["Garage wiper"]!, true);
  anyEngine = (await knownVehicle(readChosenVehicle("2020/garagemake/runabout")))!;
  turbo = (await knownVehicle(readChosenVehicle("2020/garagemake/runabout/1-4-turbo")))!;
  diesel = (await knownVehicle(readChosenVehicle("2020/garagemake/runabout/2-0-diesel")))!;
});

describe("the chosen vehicle", () => {
  it("is a vehicle the menus know, named as they name it; a stale or made-up one is none, an unknown engine is dropped", async () => {
    expect(anyEngine).toMatchObject({ label: "2020 GarageMake Runabout", text: "2020/garagemake/runabout", engine: "" });
    expect(turbo).toMatchObject({ label: "2020 GarageMake Runabout 1.4 Turbo", text: "2020/garagemake/runabout/1-4-turbo", engineName: "1.4 Turbo" });
    expect(await knownVehicle(readChosenVehicle("2020/garagemake/runabout/v12"))).toMatchObject({ text: "2020/garagemake/runabout", engine: "" });
    expect(await knownVehicle(readChosenVehicle("2018/garagemake/runabout"))).toBeNull();
    for (const bad of ["", "2020", "2020/garagemake", "2020/GarageMake/runabout", "1066/a/b", "2020/a/b/c/d", "2020/a/b/", "x".repeat(300), "2020/$gt/b"]) {
      expect(readChosenVehicle(bad)).toBeNull();
    }
  });
});

describe("the catalogue for a vehicle", () => {
  it("lists its model year's parts and the universal ones; with an engine, not the parts of its other engines", async () => {
    const all = await searchParts({ vehicle: anyEngine, pageSize: 100 });
    expect(names(all.parts)).toEqual(expect.arrayContaining(["Garage brake pads", "Garage glow plug", "Garage turbo hose", "Garage wiper"]));
    expect(names(all.parts)).not.toContain("Garage unfitted mirror");
    expect(names(all.parts)).not.toContain("Garage other car belt");
    const withTurbo = await searchParts({ vehicle: turbo, pageSize: 100 });
    expect(names(withTurbo.parts)).toEqual(expect.arrayContaining(["Garage brake pads", "Garage turbo hose", "Garage wiper"]));
    expect(names(withTurbo.parts)).not.toContain("Garage glow plug");
    expect(withTurbo.total).toBe(all.total - 1);
  });

  it("searches and sorts within the vehicle, by word and by part number", async () => {
    expect(names((await searchParts({ q: "garage", vehicle: diesel, pageSize: 100 })).parts)).toEqual(["Garage brake pads", "Garage glow plug", "Garage wiper"]);
    expect((await searchParts({ q: "garage", vehicle: turbo, sort: "price-desc", pageSize: 100 })).parts.map((part) => part.partsname)).toEqual(["Garage turbo hose", "Garage brake pads", "Garage wiper"]);
    expect((await searchParts({ q: "mirror", vehicle: anyEngine })).total).toBe(0);
    await updatePart(ids["Garage glow plug"]!, { mpn: "GP-2020-D" });
    expect(names((await searchParts({ q: "gp 2020 d", vehicle: diesel })).parts)).toEqual(["Garage glow plug"]);
    expect((await searchParts({ q: "gp 2020 d", vehicle: turbo })).total).toBe(0);
  });

  it("pages without losing or repeating a part", async () => {
    const whole = (await searchParts({ vehicle: turbo, sort: "name", pageSize: 100 })).parts.map((part) => part._id);
    const paged = [...(await searchParts({ vehicle: turbo, sort: "name", pageSize: 2, page: 1 })).parts, ...(await searchParts({ vehicle: turbo, sort: "name", pageSize: 2, page: 2 })).parts].map((part) => part._id);
    expect(paged).toEqual(whole.slice(0, 4));
  });
});

describe("what each part says", () => {
  it("fits, fits one engine only, does not fit, or has no fitment data", async () => {
    const parts = Object.entries(ids).map(([, id]) => ({ _id: id, universal: id === ids["Garage wiper"] }));
    const say = async (vehicle: KnownVehicle) => {
      const verdicts = await fitVerdicts(parts, vehicle);
      return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, verdicts.get(id)]));
    };
    const forAny = await say(anyEngine);
    expect(forAny["Garage brake pads"]).toEqual({ status: "fits", text: "Fits your 2020 GarageMake Runabout", detail: null });
    expect(forAny["Garage turbo hose"]).toEqual({ status: "fits", text: "Fits your 2020 GarageMake Runabout", detail: "With the 1.4 Turbo engine only." });
    expect(forAny["Garage wiper"]).toMatchObject({ status: "fits", detail: "Fits every vehicle." });
    expect(forAny["Garage other car belt"]).toEqual({ status: "does-not-fit", text: "Does not fit your 2020 GarageMake Runabout", detail: null });
    expect(forAny["Garage unfitted mirror"]).toEqual({ status: "no-data", text: "No fitment data", detail: null });
    const forDiesel = await say(diesel);
    expect(forDiesel["Garage turbo hose"]).toMatchObject({ status: "does-not-fit", text: "Does not fit your 2020 GarageMake Runabout 2.0 Diesel", detail: "Fits the 1.4 Turbo engine only." });
    expect(forDiesel["Garage glow plug"]).toMatchObject({ status: "fits", text: "Fits your 2020 GarageMake Runabout 2.0 Diesel" });
  });
});

describe("the engine lists follow the fitment", () => {
  it("through adding an engine, an every-engine row, removing it, a delete and a reindex", async () => {
    const part = await newPart("Garage engine mount");
    const engines = async () => (await engineOnlyParts(MODEL_YEAR)).get(part._id);
    await addFitment(part._id, [{ yearFrom: 2020, make: "GarageMake", model: "Runabout", engine: "1.4 Turbo" }]);
    expect(await engines()).toEqual(new Set(["1-4-turbo"]));
    await addFitment(part._id, [{ yearFrom: 2020, make: "GarageMake", model: "Runabout", engine: "2.0 Diesel" }]);
    expect(await engines()).toEqual(new Set(["1-4-turbo", "2-0-diesel"]));
    await addFitment(part._id, [{ yearFrom: 2020, make: "GarageMake", model: "Runabout", position: "rear" }]);
    expect(await engines()).toBeUndefined();
    await removeFitment(part._id, { year: 2020, make: "garagemake", model: "runabout", position: "rear" });
    expect(await engines()).toEqual(new Set(["1-4-turbo", "2-0-diesel"]));
    await removeFitment(part._id, { year: 2020, make: "garagemake", model: "runabout", engine: "1-4-turbo" });
    expect(await engines()).toEqual(new Set(["2-0-diesel"]));
    expect(names((await searchParts({ q: "mount", vehicle: turbo })).parts)).toEqual([]);

    const before = await engineOnlyList(MODEL_YEAR).size();
    await IndexChunk.deleteMany({ list: engineOnlyList(MODEL_YEAR).name });
    await IndexDirectory.deleteOne({ _id: engineOnlyList(MODEL_YEAR).name });
    await reindexFitment();
    expect(await engineOnlyList(MODEL_YEAR).size()).toBe(before);
    expect(await engines()).toEqual(new Set(["2-0-diesel"]));

    await deletePart(part._id);
    expect(await engines()).toBeUndefined();
    expect(await engineOnlyList(MODEL_YEAR).size()).toBe(before - 1);
  });
});

describe("My Garage", () => {
  const email = "garage-owner@example.com";
  beforeAll(async () => {
    await User.create({ email, role: "user" });
  });

  it("adds a vehicle once and makes it active; switches, forgets and removes; refuses an eleventh and a vehicle it lacks", async () => {
    await parkVehicle(email, anyEngine);
    await parkVehicle(email, turbo);
    await parkVehicle(email, anyEngine);
    expect(await garageOf(email)).toEqual([
      { vehicle: "2020/garagemake/runabout", label: "2020 GarageMake Runabout", active: true },
      { vehicle: "2020/garagemake/runabout/1-4-turbo", label: "2020 GarageMake Runabout 1.4 Turbo", active: false },
    ]);
    await activateVehicle(email, turbo.text);
    expect((await garageOf(email)).find((vehicle) => vehicle.active)?.vehicle).toBe(turbo.text);
    await activateVehicle(email, "");
    expect((await garageOf(email)).some((vehicle) => vehicle.active)).toBe(false);
    await expect(activateVehicle(email, "2020/garagemake/estate")).rejects.toThrow(NotFoundError);
    await activateVehicle(email, turbo.text);
    await removeVehicle(email, turbo.text);
    expect(await garageOf(email)).toEqual([{ vehicle: "2020/garagemake/runabout", label: "2020 GarageMake Runabout", active: false }]);
    await expect(removeVehicle(email, turbo.text)).rejects.toThrow(NotFoundError);

    await User.updateOne({ email }, { $set: { garage: Array.from({ length: GARAGE_SIZE }, (_, i) => ({ vehicle: `2020/make/model-${i}`, label: `Car ${i}` })) } });
    await expect(parkVehicle(email, turbo)).rejects.toThrow(ConflictError);
    expect(await garageOf(email)).toHaveLength(GARAGE_SIZE);
  });

  it("three tabs adding at once keep all three vehicles", async () => {
    const racer = "garage-racer@example.com";
    await User.create({ email: racer, role: "user" });
    await Promise.all([parkVehicle(racer, anyEngine), parkVehicle(racer, turbo), parkVehicle(racer, diesel)]);
    const garage = await garageOf(racer);
    expect(garage.map((vehicle) => vehicle.vehicle).sort()).toEqual([anyEngine.text, turbo.text, diesel.text].sort());
    expect(garage.filter((vehicle) => vehicle.active)).toHaveLength(1);
  });

  it("an account that does not exist has no garage", async () => {
    await expect(garageOf("nobody-here@example.com")).rejects.toThrow(NotFoundError);
  });
});
