import { afterAll, beforeAll, describe, expect, it } from "vitest";
import mongoose from "mongoose";
import { addPart, updatePart } from "@/lib/catalogue/commands";
import { addFitment } from "@/lib/catalogue/fitment-commands";
import { searchParts } from "@/lib/catalogue/queries";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { seedSynonymList } from "@/lib/search/synonym-seed";
import { didYouMean, highlightRanges, planQuery } from "@/lib/search/search";
import { connectDb } from "@/lib/storage/connect";
import { Part } from "@/models/Part";
import { mpnOf, productParts, SEARCH_CATALOGUE } from "@/tests/support/search-catalogue";

// The relevance set: what a parts customer types, and the part that must be among the first three
// results of the catalogue page's own search (searchParts, as /parts calls it), on the real database.

type Case = { q: string; top3: string[] };
const product = (q: string, ...names: string[]): Case => ({ q, top3: names.flatMap(productParts) });
const part = (q: string, partsname: string): Case => ({ q, top3: [partsname] });

const CASES: Case[] = [
  // Words as the catalogue names them.
  product("front brake pads", "Front Brake Pad Set"),
  product("oil filter", "Engine Oil Filter"),
  product("cabin filter", "Cabin Pollen Filter"),
  product("timing belt kit", "Timing Belt Kit"),
  product("water pump", "Water Pump with Gasket"),
  product("starter motor", "Starter Motor 1.4 kW"),
  product("wheel bearing", "Wheel Bearing Hub Assembly"),
  product("control arm", "Control Arm with Ball Joint"),
  product("tie rod end", "Tie Rod End"),
  product("catalytic converter", "Catalytic Converter"),
  product("wiper blade 24", "Wiper Blade 24 in"),
  product("agm battery 70", "AGM Start-Stop Battery 70 Ah"),
  // Confusable neighbours: the sensor, the valve, the disc are not the pads or the tyre.
  product("brake pad wear sensor", "Brake Pad Wear Sensor"),
  product("pad sensor", "Brake Pad Wear Sensor"),
  product("tyre valve", "Tyre Valve Stem (TPMS)"),
  product("brake disc", "Vented Front Brake Disc"),
  product("winter tyre 195/65", "Winter Tyre 195/65 R15"),
  // Misspelt, run together, plural.
  product("brakpad", "Front Brake Pad Set"),
  product("break pads", "Front Brake Pad Set"),
  product("iridum plug", "Iridium Spark Plug"),
  product("alternater", "Alternator 120 A"),
  product("altenator", "Alternator 120 A"),
  product("oil filtre", "Engine Oil Filter"),
  product("thermostst housing", "Thermostat Housing"),
  product("radaitor", "Aluminium Radiator"),
  product("cluth kit", "Clutch Kit 3-Piece"),
  product("catalitic converter", "Catalytic Converter"),
  product("stabilizer link", "Stabiliser Link"),
  product("sparkplug", "Iridium Spark Plug"),
  product("headlight bulbs", "H7 Halogen Headlight Bulb", "H4 Halogen Headlight Bulb"),
  // Synonyms from the admin's list.
  product("rotor", "Vented Front Brake Disc", "Solid Rear Brake Disc"),
  product("front brake rotor", "Vented Front Brake Disc"),
  product("tire 205/55 r16", "All-Season Tyre 205/55 R16"),
  product("muffler", "Rear Silencer"),
  product("damper front", "Front Shock Absorber"),
  product("h7 headlamp", "H7 Halogen Headlight Bulb"),
  product("h4 lamp", "H4 Halogen Headlight Bulb"),
  product("windshield washer pump", "Windscreen Washer Pump"),
  product("hood strut", "Bonnet Gas Strut"),
  product("gasoline injector", "Petrol Fuel Injector"),
  product("lambda sensor", "Oxygen Sensor (Lambda Probe)"),
  // Part numbers, whole, in any case and punctuation, and by their beginning.
  part(mpnOf("Textar Front Brake Pad Set"), "Textar Front Brake Pad Set"),
  part(mpnOf("Brembo Vented Front Brake Disc").toLowerCase().replace("-", ""), "Brembo Vented Front Brake Disc"),
  part(mpnOf("NGK Iridium Spark Plug").replace("-", " "), "NGK Iridium Spark Plug"),
  part(mpnOf("Monroe Front Shock Absorber").slice(0, 6), "Monroe Front Shock Absorber"),
  part("45022 TBA A01", "Textar Front Brake Pad Set"),
  part("15400-PLM", "Bosch Engine Oil Filter"),
  // A vehicle named in the search narrows to its parts.
  part("civic brake pads", "Textar Front Brake Pad Set"),
  part("2016 civic pads", "Textar Front Brake Pad Set"),
  part("honda civic front brake disc", "ATE Vented Front Brake Disc"),
  part("focus brake pads", "Brembo Front Brake Pad Set"),
  // A brand, a brand and a product, a category.
  part("brembo brake disc", "Brembo Vented Front Brake Disc"),
  part("lemforder control arm", "Lemförder Control Arm with Ball Joint"),
  { q: "bosch", top3: SEARCH_CATALOGUE.filter((p) => p.brand === "Bosch").map((p) => p.partsname) },
  { q: "suspension", top3: SEARCH_CATALOGUE.filter((p) => p.category === "suspension").map((p) => p.partsname) },
  { q: "clutch drivetrain", top3: productParts("Clutch Kit 3-Piece") },
];

const top3 = async (q: string) => (await searchParts({ q, pageSize: 3, withFacets: true })).parts.map((p) => p.partsname);

beforeAll(async () => {
  await connectDb();
  await seedSynonymList();
  const base = Date.UTC(2026, 0, 1);
  await Part.collection.insertMany(SEARCH_CATALOGUE.map((p, i) => ({ ...p, _id: new mongoose.Types.ObjectId(), createdAt: new Date(base + i * 60_000) })));
  await reindexCatalogue();
  const idOf = async (partsname: string) => String((await Part.findOne({ partsname }).lean())!._id);
  await addFitment(await idOf("Textar Front Brake Pad Set"), [{ yearFrom: 2016, yearTo: 2018, make: "Honda", model: "Civic", position: "front" }]);
  await addFitment(await idOf("ATE Vented Front Brake Disc"), [{ yearFrom: 2016, make: "Honda", model: "Civic", position: "front" }]);
  await addFitment(await idOf("Brembo Front Brake Pad Set"), [{ yearFrom: 2015, yearTo: 2018, make: "Ford", model: "Focus", position: "front" }]);
}, 240_000);

describe("the relevance set", () => {
  const passed: string[] = [];
  afterAll(() => console.log(`relevance: ${passed.length}/${CASES.length} queries have their part in the top 3`));

  it.each(CASES)("$q finds its part in the top 3", async ({ q, top3: wanted }) => {
    const found = await top3(q);
    expect(found.some((name) => wanted.includes(name)), `${q}: ${found.join(" | ")}`).toBe(true);
    passed.push(q);
  });

  it("holds at least 200 parts and 40 queries", () => {
    expect(SEARCH_CATALOGUE.length).toBeGreaterThanOrEqual(200);
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });
});

describe("ranking and what a search shows", () => {
  it("puts the exact part number first, then the parts whose number begins so", async () => {
    const mpn = mpnOf("Textar Front Brake Pad Set");
    expect((await top3(mpn))[0]).toBe("Textar Front Brake Pad Set");
  });

  it("ranks a part named by the words before one that bears them in its description only", async () => {
    // The clutch kit's description names its clutch disc: it comes after the eight brake discs.
    const found = (await searchParts({ q: "disc", pageSize: 20 })).parts.map((p) => p.partsname);
    expect(found.slice(0, 8).every((name) => name.endsWith("Brake Disc"))).toBe(true);
    expect(found.slice(8)).toEqual(expect.arrayContaining(productParts("Clutch Kit 3-Piece")));
  });

  it("ranks parts in stock before those sold out, and those fitting the chosen vehicle first", async () => {
    const names = async (search: Parameters<typeof searchParts>[0]) => (await searchParts({ ...search, pageSize: 4 })).parts.map((p) => p.partsname);
    expect(await names({ q: "front brake pad set" })).toEqual(["Brembo Front Brake Pad Set", "ATE Front Brake Pad Set", "TRW Front Brake Pad Set", "Textar Front Brake Pad Set"]);
    await Part.updateOne({ partsname: "Brembo Front Brake Pad Set" }, { $set: { quantity: 0 } });
    try {
      expect((await names({ q: "front brake pad set" })).at(-1)).toBe("Brembo Front Brake Pad Set");
    } finally {
      await Part.updateOne({ partsname: "Brembo Front Brake Pad Set" }, { $set: { quantity: 20 } });
    }
    expect((await names({ q: "front brake pad set", ranking: { year: 2016, make: "honda", model: "civic" } }))[0]).toBe("Textar Front Brake Pad Set");
    // A chosen sort overrides relevance.
    const byPrice = (await searchParts({ q: "front brake pad set", sort: "price-desc", pageSize: 4 })).parts.map((p) => p.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
  });

  it("narrows a search to the vehicle it names, and says so in its plan", async () => {
    const plan = await planQuery("2016 honda civic pads");
    expect(plan.vehicle).toEqual({ year: 2016, make: "honda", model: "civic" });
    expect(plan.words.map((word) => word.typed)).toEqual(["pads"]);
    expect((await searchParts({ q: "2016 honda civic pads", pageSize: 20 })).parts.map((p) => p.partsname)).toEqual(["Textar Front Brake Pad Set"]);
  });

  it("lets an unknown word go rather than find nothing, but not in a part number", async () => {
    expect(await top3("bosch oil filter qwxz")).toContain("Bosch Engine Oil Filter");
    expect((await searchParts({ q: "ZZ-9999" })).total).toBe(0);
  });

  it("marks what matched in a name: a typo's word whole, the word being typed up to its end", async () => {
    const plan = await planQuery("iridum pl");
    const name = "NGK Iridium Spark Plug";
    expect(highlightRanges(name, plan).map(({ start, end }) => name.slice(start, end))).toEqual(["Iridium", "Pl"]);
    const accents = "Lemförder Control Arm";
    expect(highlightRanges(accents, await planQuery("lemforder")).map(({ start, end }) => accents.slice(start, end))).toEqual(["Lemförder"]);
  });

  it("offers the closest query that finds parts when nothing matches, and nothing for gibberish", async () => {
    expect((await searchParts({ q: "brke disk" })).total).toBe(0);
    expect(await didYouMean("brke disk")).toBe("brake disc");
    expect(await didYouMean("qqqq zzzz")).toBeNull();
  });

  it("finds a part by a typo as soon as it is added, and no longer by its old name once renamed", async () => {
    const added = await addPart({ partsname: "Zimmermann Sport Brake Disc", description: "Cross-drilled.", image: "/parts/placeholder.svg", price: 90, quantity: 4, minOrder: 1, category: "brakes" });
    expect(await top3("zimermann")).toContain("Zimmermann Sport Brake Disc");
    await updatePart(added._id, { partsname: "Otto Sport Brake Disc" });
    expect(await top3("zimermann")).toEqual([]);
  });
});
