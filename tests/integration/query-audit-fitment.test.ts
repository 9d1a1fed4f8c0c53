import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { reindexAll } from "@/lib/maintenance/reindex";
import { vehiclePartsPage } from "@/lib/catalogue/vehicle-parts-page";
import { findModelYear, partFitmentPage, vehicleEngines, vehicleMakes, vehicleModels, vehicleYears } from "@/lib/fitment/queries";
import { Fitment } from "@/models/Fitment";
import { Part } from "@/models/Part";
import { describeQuery, problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// Every fitment read a page or REST path makes, on more fitment than a page: reads by _id only
// (menus, list directories and chunks, fitment documents, parts), a fixed number per call whatever
// the number of parts, vehicles or fitment rows.

const PARTS = 305;
const UNIVERSAL = 5;
const YEARS = 30;
const partIds: string[] = [];

beforeAll(async () => {
  await connectDb();
  const parts = Array.from({ length: PARTS }, (_, i) => ({
    _id: new mongoose.Types.ObjectId(),
    partsname: `Audit strut ${i}`,
    image: "/parts/shock-absorber.svg",
    price: 10 + (i % 13),
    quantity: 5,
    minOrder: 1,
    description: "A part of the fitment audit.",
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  }));
  await Part.collection.insertMany(parts);
  partIds.push(...parts.map((part) => String(part._id)));
  const doc = (part: mongoose.Types.ObjectId, year: number) => ({
    _id: `${part}|${year}|auditmake|van`,
    part,
    year,
    make: "auditmake",
    model: "van",
    makeName: "AuditMake",
    modelName: "Van",
    applications: [{ engine: "2-2-d", engineName: "2.2 D", position: "rear" }],
  });
  // Every part but the last 5 (universal) fits the 2020 van; the first part fits 30 model years.
  await Fitment.collection.insertMany([...parts.slice(0, PARTS - UNIVERSAL).map((part) => doc(part._id, 2020)), ...Array.from({ length: YEARS - 1 }, (_, i) => doc(parts[0]!._id, 1990 + i))] as never[]);
  await Part.collection.updateMany({ _id: { $in: parts.slice(PARTS - UNIVERSAL).map((part) => part._id) } }, { $set: { universal: true } });
  await reindexAll();
  startQueryRecorder();
}, 180_000);

afterAll(() => stopQueryRecorder());

const VAN = { year: 2020, make: "auditmake", model: "van" };
const shown = (result: unknown) => (result as { parts: unknown[] }).parts.length;

const AUDITED: { call: string; run: () => Promise<unknown>; queries: number; rows?: (result: unknown) => number; expectedRows?: number }[] = [
  // A page of the part's list (directory + chunk), then each fitment document by _id.
  { call: "partFitmentPage (its page's first 10)", run: () => partFitmentPage(partIds[0]!, { offset: 0, limit: 10 }), queries: 2 + 10, rows: (r) => (r as { rows: unknown[] }).rows.length, expectedRows: 10 },
  // The sizes of the model year's list (300 parts, two chunks) and of the universal list (the last 5
  // parts), then a page of one or both (directory and chunk each), then each part by _id.
  { call: "vehiclePartsPage (a vehicle page, page 1)", run: () => vehiclePartsPage(VAN, {}), queries: 2 + 2 + 12, rows: shown, expectedRows: 12 },
  { call: "vehiclePartsPage (its own last part, then the universal ones)", run: () => vehiclePartsPage(VAN, { page: 24, pageSize: 13 }), queries: 2 + 2 + 2 + 6, rows: shown, expectedRows: 6 },
  { call: "vehiclePartsPage (the universal parts only)", run: () => vehiclePartsPage(VAN, { page: 26 }), queries: 2 + 2 + 5, rows: shown, expectedRows: 5 },
  { call: "vehicleYears (GET /vehicle-years)", run: () => vehicleYears(), queries: 1 },
  { call: "vehicleMakes", run: () => vehicleMakes(2020), queries: 1 },
  { call: "vehicleModels", run: () => vehicleModels(2020, "auditmake"), queries: 1 },
  { call: "vehicleEngines", run: () => vehicleEngines(2020, "auditmake", "van"), queries: 1 },
  { call: "findModelYear (a vehicle page's 404 check)", run: () => findModelYear(2020, "auditmake", "van"), queries: 3 },
];

describe("query audit of fitment: engine-shaped reads, a fixed number per call", () => {
  it.each(AUDITED)("$call", async ({ call, run, queries: expected, rows, expectedRows }) => {
    const { queries, result } = await queriesOf(run);
    expect(problemsOf(call, queries), call).toEqual([]);
    expect(queries.map(describeQuery), `${call} sends ${expected} queries`).toHaveLength(expected);
    if (rows) expect(rows(result), `${call} returns its page`).toBe(expectedRows);
  });
});
