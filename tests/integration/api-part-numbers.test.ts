import { describe, expect, it } from "vitest";
import { partCreatedSchema, partReplySchema, partUpdatedSchema } from "@/lib/validation/responses";
import { Part } from "@/models/Part";
import { setUpApiWorld } from "../support/api";

// A client developer adds and edits a part's brand, category and numbers over REST; a visitor finds
// the part by any of its numbers; a search engine reads them on the part's page.

const world = setUpApiWorld();

const validPart = { partsname: "Numbered rotor", image: "https://example.com/rotor.png", price: 55.5, quantity: 40, description: "A rotor with every number." };
const numbers = { brand: "Rotorex", category: "brakes", mpn: "RX-2210 B", sku: "API-ROTOR-1", gtin: "4006381333931", oemNumbers: ["Q1 555 020", "Q1-555-021"] };

async function addedPart(fields: Record<string, unknown>) {
  const reply = await world.carol.post<{ result: { _id: string } }>("/carparts", fields);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return partCreatedSchema.parse(reply.body).result;
}

describe("a part's numbers over REST", () => {
  it("POST /carparts stores them, GET replies with them, and an old client's body still works", async () => {
    const part = await addedPart({ ...validPart, ...numbers });
    expect(part).toMatchObject(numbers);
    const read = await world.nobody.get(`/carparts/${part._id}`);
    expect(partReplySchema.parse(read.body).result).toMatchObject(numbers);
    const old = await addedPart({ ...validPart, partsname: "Old client rotor", email: "carol@example.com" });
    expect(old).toMatchObject({ brand: null, category: null, mpn: null, sku: null, gtin: null, oemNumbers: [] });
  });

  it("refuses bad numbers with a 400 naming the field, and a taken SKU with a 409; neither adds the part", async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ gtin: "4006381333932" }, 400, /^gtin: GTIN must be 8, 12, 13 or 14 digits with a valid check digit$/],
      [{ mpn: "<b>x</b>" }, 400, /^mpn: Must be 3 to 40 characters/],
      [{ category: "rockets" }, 400, /^category: Choose one of the catalogue's categories$/],
      [{ oemNumbers: "Q1-555" }, 400, /^oemNumbers: /],
      [{ oemNumbers: [{ $gt: "" }] }, 400, /^oemNumbers\.0: /],
      [{ sku: "api rotor 1" }, 409, /^sku: This SKU is already another part's \(Numbered rotor\)\.$/],
    ];
    for (const [fields, status, message] of cases) {
      const reply = await world.carol.post("/carparts", { ...validPart, partsname: "Refused rotor", ...fields });
      expect({ fields, status: reply.status }).toEqual({ fields, status });
      expect((reply.body as { message: string }).message).toMatch(message);
    }
    expect(await Part.countDocuments({ partsname: "Refused rotor" })).toBe(0);
  });

  it("PUT changes and clears them; a customer may not", async () => {
    const part = await addedPart({ ...validPart, partsname: "Edited rotor", sku: "API-ROTOR-2", mpn: "ER-1000" });
    expect((await world.alice.put(`/carparts/${part._id}`, { mpn: "HACKED-1" })).status).toBe(403);
    const reply = await world.carol.put(`/carparts/${part._id}`, { mpn: "", sku: "API-ROTOR-3", category: "cooling" });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(partUpdatedSchema.parse(reply.body).result).toMatchObject({ mpn: null, sku: "API-ROTOR-3", category: "cooling" });
    expect((await world.carol.put(`/carparts/${part._id}`, { sku: "API-ROTOR-1" })).status).toBe(409);
  });
});

describe("a visitor finds a part by its number, and a crawler reads the numbers", () => {
  it("the catalogue search finds it by each number, typed with or without dashes and spaces", async () => {
    for (const q of ["rx2210b", "RX 2210-B", "api-rotor-1", "4006 3813 3393 1", "Q1555021"]) {
      const html = await (await fetch(`${world.server.baseUrl}/parts?q=${encodeURIComponent(q)}`)).text();
      expect(html, q).toContain("Numbered rotor");
      expect(html, q).not.toContain("Edited rotor");
    }
  });

  it("the part page shows them and its JSON-LD carries brand, mpn, sku, gtin13 and a BreadcrumbList", async () => {
    const part = await Part.findOne({ sku: "API-ROTOR-1" }).lean();
    const html = await (await fetch(`${world.server.baseUrl}/parts/${String(part!._id)}`)).text();
    for (const text of ["by Rotorex", "Manufacturer part number", "RX-2210 B", "Q1 555 020, Q1-555-021"]) expect(html).toContain(text);
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
    expect(scripts.find((data) => data["@type"] === "Product")).toMatchObject({
      brand: { "@type": "Brand", name: "Rotorex" },
      mpn: "RX-2210 B",
      sku: "API-ROTOR-1",
      gtin13: "4006381333931",
      category: "Brakes",
    });
    const trail = scripts.find((data) => data["@type"] === "BreadcrumbList");
    expect(trail.itemListElement.map((step: { name: string; position: number }) => [step.position, step.name])).toEqual([
      [1, "Home"],
      [2, "Parts"],
      [3, "Numbered rotor"],
    ]);
    expect(trail.itemListElement[2].item).toMatch(new RegExp(`/parts/${String(part!._id)}$`));
  });
});
