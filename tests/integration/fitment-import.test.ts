import { beforeAll, describe, expect, it } from "vitest";
import { addPart } from "@/lib/catalogue/commands";
import { connectDb } from "@/lib/storage/connect";
import { InvalidInputError } from "@/lib/errors";
import { importFitment } from "@/lib/catalogue/fitment-import";
import { vehiclePartsPage } from "@/lib/catalogue/vehicle-parts-page";
import { partFitmentPage } from "@/lib/fitment/queries";
import { seedDatabase } from "@/lib/seed/seed";
import { partSchema } from "@/lib/validation/parts";

// An admin's fitment file: every good row is added whatever number names its part, every bad one is
// reported with its line and reason and changes nothing.

const HEADER = "part_number,make,model,year_from,year_to,engine,position,note";
const partsOf = async (year: number) => (await vehiclePartsPage({ year, make: "importca", model: "sedan" }, { pageSize: 100 })).parts.map((part) => part.partsname);
let twinA = "";

beforeAll(async () => {
  await connectDb();
  await seedDatabase({ NODE_ENV: "development" });
  const twin = (partsname: string) => addPart(partSchema.parse({ partsname, image: "/parts/placeholder.svg", price: 5, quantity: 5, description: "Shares an OEM number.", oemNumbers: ["TWIN-500"] }));
  twinA = (await twin("Import twin A"))._id;
  await twin("Import twin B");
}, 120_000);

describe("importFitment", () => {
  it("adds the good rows by SKU, MPN or OEM number as printed, and reports each bad row with its reason", async () => {
    const csv = [
      HEADER,
      "AP-BRK-0001,ImportCa,Sedan,2016,2018,,front,",
      "sl cp 4412,ImportCa,Sedan,2017,,2.0 T,front,\"Pads, front\"",
      "Z9 285 065,ImportCa,Sedan,2016,,,,",
      "NO-SUCH-9,ImportCa,Sedan,2016,,,,",
      "TWIN-500,ImportCa,Sedan,2016,,,,",
      "AP-BRK-0001,ImportCa,Sedan,1890,,,,",
      "AP-BRK-0001,ImportCa,Sedan,2016,2015,,,",
      "AP-BRK-0001,ImportCa,Sedan,2016,,,middle,",
      "AP-BRK-0001,,Sedan,2016,,,,",
      "AP-BRK-0001,ImportCa,Sedan",
      "AP-BRK-0001,ImportCa,Sedan,twenty,,,,",
    ].join("\n");
    const report = await importFitment(csv);
    expect(report).toMatchObject({ rows: 11, accepted: 3, parts: 3, added: 5, updated: 0, unchanged: 0 });
    expect(report.rejected).toEqual([
      { line: 5, reason: "part_number: no part has the number NO-SUCH-9" },
      { line: 6, reason: "part_number: 2 parts have the number TWIN-500: use the part's SKU" },
      { line: 7, reason: expect.stringMatching(/^year_from: Years must be whole numbers/) },
      { line: 8, reason: "year_to: The last year cannot be before the first" },
      { line: 9, reason: expect.stringMatching(/^position: Position must be one of/) },
      { line: 10, reason: "make: Make is required (Latin letters or digits)" },
      { line: 11, reason: "3 fields where the header has 8" },
      { line: 12, reason: expect.stringMatching(/^year_from: /) },
    ]);
    expect(await partsOf(2016)).toEqual(expect.arrayContaining(["Vented Front Brake Disc 300 mm", "Iridium Spark Plug"]));
    expect(await partsOf(2017)).toEqual(expect.arrayContaining(["Vented Front Brake Disc 300 mm", "Ceramic Brake Pad Set (Front Axle)"]));
    // The refused rows changed nothing: no twin fits the sedan, no 2015 or 1890 sedan exists.
    expect(await partsOf(2016)).not.toContain("Import twin A");
    expect((await partFitmentPage(twinA, { offset: 0, limit: 5 })).total).toBe(0);
    expect((await vehiclePartsPage({ year: 2015, make: "importca", model: "sedan" }, {})).own).toBe(0);
  });

  it("the same file again adds nothing new", async () => {
    const report = await importFitment(`${HEADER}\nAP-BRK-0001,ImportCa,Sedan,2016,2018,,front,`);
    expect(report).toMatchObject({ accepted: 1, added: 0, unchanged: 3, rejected: [] });
  });

  it("takes the columns in any order, the optional ones left out", async () => {
    const report = await importFitment("model,year_from,make,part_number\nSedan,2019,ImportCa,AP-FLT-0001");
    expect(report).toMatchObject({ accepted: 1, rejected: [] });
    expect(await partsOf(2019)).toContain("Spin-On Oil Filter");
  });

  it.each([
    ["", /^The file is empty/],
    ["part_number,make,model\nX,Y,Z", /^Line 1: the header lacks year_from/],
    ["part_number,make,model,year_from,colour\n", /^Line 1: unknown column colour/],
    ["part_number,make,make,model,year_from\n", /^Line 1: a column is named twice/],
    [`${HEADER}\n"open,Honda`, /^Line 2: a quoted field is not closed/],
    [`${HEADER}\n${"X,Y,Z,2016,,,,\n".repeat(5001)}`, /^The file has 5001 rows; send at most 5000/],
  ])("refuses a file it cannot read as a whole (%#), changing nothing", async (csv, message) => {
    await expect(importFitment(csv)).rejects.toThrow(InvalidInputError);
    await expect(importFitment(csv)).rejects.toThrow(message);
  });
});
