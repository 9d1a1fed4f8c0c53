import mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { addPart, deletePart, updatePart } from "@/lib/catalogue/commands";
import { numberList } from "@/lib/catalogue/lists";
import { findPart, searchParts } from "@/lib/catalogue/queries";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { connectDb } from "@/lib/storage/connect";
import { ConflictError } from "@/lib/errors";
import { seedParts } from "@/lib/seed/catalogue";
import { seedDatabase } from "@/lib/seed/seed";
import { partSchema } from "@/lib/validation/parts";
import { IndexDirectory } from "@/lib/storage/models/IndexChunk";
import { Part } from "@/models/Part";
import { SkuClaim } from "@/models/SkuClaim";

// A customer holding the old part, or the car maker's catalogue, types its number as printed:
// with or without dashes and spaces. Every number a part carries finds it, and no two parts share a SKU.

const newPart = (partsname: string, fields: Record<string, unknown> = {}) =>
  partSchema.parse({ partsname, image: "/parts/placeholder.svg", price: 12, quantity: 20, description: "A part of the number tests.", ...fields });
const found = async (q: string) => (await searchParts({ q, pageSize: 100 })).parts.map((part) => part.partsname).sort();
const disc = seedParts[0]!;

beforeAll(async () => {
  await connectDb();
  await seedDatabase({ NODE_ENV: "development" });
}, 120_000);

describe("searching by part number", () => {
  it.each(["SL-BD300V", "sl bd300v", "SLBD300V", "SL – BD 300 V", " sl.bd/300v "])("finds the seeded brake disc by its MPN typed as %j", async (q) => {
    expect(await found(q)).toEqual([disc.partsname]);
  });

  it("finds a part by its SKU, its GTIN (spaces in it or not) and each OEM number", async () => {
    expect(await found("ap-brk-0002")).toEqual([seedParts[1]!.partsname]);
    expect(await found(seedParts[2]!.gtin!)).toEqual([seedParts[2]!.partsname]);
    expect(await found("2 000421 001219")).toEqual([seedParts[2]!.partsname]);
    for (const oem of disc.oemNumbers) expect(await found(oem.replace(/[\s-]/g, ""))).toEqual([disc.partsname]);
  });

  it("matches a number by its beginning from 4 characters, whatever its punctuation", async () => {
    expect(await found("SL-BD30")).toEqual(["Vented Front Brake Disc 300 mm"]);
  });

  it("lists every part bearing one OEM number (interchangeable parts), pages and sorts them", async () => {
    const names = ["Interchange pad A", "Interchange pad B", "Interchange pad C"];
    for (const [i, name] of names.entries()) await addPart(newPart(name, { price: 30 - i, oemNumbers: ["Q7-2211-90", `Q7-OTHER-${i}`] }));
    expect(await found("q7 2211 90")).toEqual(names);
    const byPrice = await searchParts({ q: "Q7221190", sort: "price-asc", pageSize: 2 });
    expect(byPrice).toMatchObject({ total: 3, pageCount: 2 });
    expect(byPrice.parts.map((part) => part.partsname)).toEqual(["Interchange pad C", "Interchange pad B"]);
  });

  it("finds parts by brand and category words like any other word", async () => {
    expect(await found("purflow")).toEqual(seedParts.filter((part) => part.brand === "Purflow").map((part) => part.partsname).sort());
    expect(await found("cooling")).toEqual(seedParts.filter((part) => part.category === "cooling").map((part) => part.partsname).sort());
  });
});

describe("the part commands keep the numbers", () => {
  it("an edit's new numbers find the part at once, its old ones no longer do, and emptied ones are cleared", async () => {
    const part = await addPart(newPart("Renumbered hose", { brand: "Hoseco", mpn: "HC-100", sku: "T-HOSE-1", gtin: "4006381333931", oemNumbers: ["R1-500"] }));
    expect(part).toMatchObject({ brand: "Hoseco", mpn: "HC-100", sku: "T-HOSE-1", gtin: "4006381333931", oemNumbers: ["R1-500"] });
    const edited = await updatePart(part._id, { mpn: "HC-200", sku: "", gtin: "", oemNumbers: [], brand: "" });
    expect(edited).toMatchObject({ brand: null, mpn: "HC-200", sku: null, gtin: null, oemNumbers: [] });
    expect(await found("HC200")).toEqual(["Renumbered hose"]);
    for (const old of ["HC-100", "T-HOSE-1", "4006381333931", "R1-500", "hoseco"]) expect(await found(old), old).toEqual([]);
    expect(await SkuClaim.findById("those1").lean()).toBeNull();
  });

  it("an old number of letters alone finds nothing, though the part's name bears all but its last letter", async () => {
    const part = await addPart(newPart("Lettered hose QWERTZ", { mpn: "QW-QWERTZ-L" }));
    await updatePart(part._id, { mpn: "QW-QWERTZ-R" });
    expect(await found("QW-QWERTZ-L")).toEqual([]);
    expect(await found("qw-qwertz-r")).toEqual(["Lettered hose QWERTZ"]);
    expect(await found("qwertz hose xyz")).toEqual(["Lettered hose QWERTZ"]);
  });

  it("refuses a SKU another part bears, whatever its dashes and case, and adds nothing", async () => {
    await addPart(newPart("First bracket", { sku: "T-BRK-7" }));
    const before = await Part.countDocuments({ partsname: "Second bracket" });
    await expect(addPart(newPart("Second bracket", { sku: "t brk 7" }))).rejects.toThrow(new ConflictError("sku: This SKU is already another part's (First bracket)."));
    expect(await Part.countDocuments({ partsname: "Second bracket" })).toBe(before);
    const other = await addPart(newPart("Third bracket", { sku: "T-BRK-8" }));
    await expect(updatePart(other._id, { sku: "TBRK7" })).rejects.toThrow(ConflictError);
    expect((await findPart(other._id))?.sku).toBe("T-BRK-8");
    expect(await found("T-BRK-8")).toEqual(["Third bracket"]);
  });

  it("of two parts given one new SKU at the same moment, exactly one gets it", async () => {
    const results = await Promise.allSettled(["Racer one", "Racer two", "Racer three"].map((name) => addPart(newPart(name, { sku: "T-RACE-1" }))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected").every((result) => (result as PromiseRejectedResult).reason instanceof ConflictError)).toBe(true);
    expect(await Part.countDocuments({ sku: "T-RACE-1" })).toBe(1);
    expect(await found("T-RACE-1")).toHaveLength(1);
  });

  it("a deleted part lets its SKU go, and a claim left by a crash is taken over", async () => {
    const part = await addPart(newPart("Deleted clamp", { sku: "T-CLAMP-1" }));
    await deletePart(part._id);
    await addPart(newPart("New clamp", { sku: "T-CLAMP-1" }));
    // A crash after claiming, before the part bore the SKU: the claim names a part without it.
    await SkuClaim.create({ _id: "tleftover1", part: new mongoose.Types.ObjectId() });
    await expect(addPart(newPart("Heir clamp", { sku: "T-LEFTOVER-1" }))).resolves.toMatchObject({ sku: "T-LEFTOVER-1" });
  });
});

describe("reindexCatalogue and the numbers", () => {
  it("makes parts imported straight into the collection findable by number, and rebuilds SKU claims", async () => {
    const imported = { ...newPart("Imported idler"), _id: new mongoose.Types.ObjectId(), mpn: "IMP-9001", sku: "T-IMP-1", createdAt: new Date() };
    await Part.collection.insertOne(imported);
    expect(await found("IMP9001")).toEqual([]);
    await SkuClaim.deleteMany({});
    const summary = await reindexCatalogue();
    expect(summary).toMatch(/\d+ part numbers, \d+ SKUs, \d+ stale lists? removed\.$/);
    expect(await found("imp-9001")).toEqual(["Imported idler"]);
    expect(await found("T IMP 1")).toEqual(["Imported idler"]);
    await expect(addPart(newPart("Clashing idler", { sku: "T-IMP-1" }))).rejects.toThrow(ConflictError);
    expect(await SkuClaim.findById("apbrk0001").lean()).toMatchObject({ part: expect.anything() });
  });

  it("drops the number lists no part bears any more", async () => {
    await Part.collection.updateOne({ partsname: "Imported idler" }, { $unset: { mpn: 1 } });
    await reindexCatalogue();
    expect(await IndexDirectory.findById(numberList("imp9001").name).lean()).toBeNull();
    expect(await found("IMP-9001")).toEqual([]);
  });
});
