import { beforeAll, describe, expect, it } from "vitest";
import { suggestionsReplySchema, type Suggestion } from "@/lib/validation/suggestions";
import { setUpApiWorld } from "../support/api";

// A customer types into the header's search box; the box asks GET /search/suggestions on every
// pause. What comes back must lead somewhere real, mark what was typed and never be an error for
// what a person can type.

const world = setUpApiWorld();

const part = (partsname: string, extra: Record<string, unknown> = {}) => ({ partsname, image: "https://example.com/part.png", price: 30, quantity: 10, description: "A part of the suggestions tests.", ...extra });

async function addPart(body: Record<string, unknown>): Promise<string> {
  const reply = await world.carol.post<{ result: { _id: string } }>("/carparts", body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.result._id;
}

async function suggest(q: string): Promise<{ status: number; suggestions: Suggestion[]; headers: Headers }> {
  const reply = await world.nobody.get(`/search/suggestions?q=${encodeURIComponent(q)}`);
  if (reply.status !== 200) return { status: reply.status, suggestions: [], headers: reply.headers };
  const body = suggestionsReplySchema.parse(reply.body);
  expect(body.query).toBe(q);
  return { status: reply.status, suggestions: body.suggestions, headers: reply.headers };
}

const marked = (suggestion: Suggestion) => suggestion.highlights.map(({ start, end }) => suggestion.label.slice(start, end));

let padsId = "";

beforeAll(async () => {
  padsId = await addPart(part("Ceramic Brake Pad Set", { brand: "Brembo", category: "brakes", mpn: "BP-4471X", oemNumbers: ["45022-TBA-A01"] }));
  const discId = await addPart(part("Vented Brake Disc", { brand: "Brembo", category: "brakes" }));
  await addPart(part("Oil Filter", { brand: "Mann-Filter", category: "filters", mpn: "W 712/95" }));
  // One word in every name: more parts than the box shows.
  for (let i = 1; i <= 12; i++) await addPart(part(`Sprocket widget ${i}`, { category: "drivetrain" }));
  const fitted = await world.carol.post(`/carparts/${discId}/fitment`, { rows: [{ yearFrom: 2015, yearTo: 2016, make: "Honda", model: "Civic" }] });
  expect(fitted.status, JSON.stringify(fitted.body)).toBe(200);
}, 120_000);

describe("GET /search/suggestions", () => {
  it("offers the category and the parts a word begins, each marked and linked, the category first", async () => {
    const { suggestions, headers } = await suggest("bra");
    expect(suggestions[0]).toEqual({ kind: "category", label: "Brakes", href: "/parts?category=brakes", highlights: [{ start: 0, end: 3 }] });
    expect(suggestions.slice(1, 3).map((s) => [s.kind, s.label, s.href, marked(s)])).toEqual(
      expect.arrayContaining([
        ["part", "Ceramic Brake Pad Set", `/parts/${padsId}`, ["Bra"]],
        ["part", "Vented Brake Disc", expect.stringMatching(/^\/parts\/[0-9a-f]{24}$/), ["Bra"]],
      ]),
    );
    expect(headers.get("cache-control")).toMatch(/^public, max-age=60/);
    expect(headers.get("server-timing")).toMatch(/^suggest;dur=\d+(\.\d+)?$/);
  });

  it("offers a brand; a part by its brand only when a word of its name was typed too", async () => {
    const brand = await suggest("brem");
    expect(brand.suggestions).toEqual([{ kind: "brand", label: "Brembo", href: "/parts?brand=brembo", highlights: [{ start: 0, end: 4 }] }]);
    const withName = await suggest("brembo disc");
    expect(withName.suggestions.filter((s) => s.kind === "part").map((s) => s.label)).toEqual(["Vented Brake Disc"]);
    expect(marked(withName.suggestions.find((s) => s.kind === "part")!)).toContain("Disc");
  });

  it("offers a category by any word of its name", async () => {
    const { suggestions } = await suggest("Brakes");
    expect(suggestions[0]).toEqual({ kind: "category", label: "Brakes", href: "/parts?category=brakes", highlights: [{ start: 0, end: 6 }] });
    const clutch = await suggest("clutch");
    expect(clutch.suggestions.map((s) => s.label)).toContain("Clutch & Drivetrain");
  });

  it("matches several words in any order, each the start of a word", async () => {
    const { suggestions } = await suggest("pad cer");
    expect(suggestions.filter((s) => s.kind === "part").map((s) => s.label)).toEqual(["Ceramic Brake Pad Set"]);
    expect(marked(suggestions.find((s) => s.kind === "part")!)).toEqual(expect.arrayContaining(["Cer", "Pad"]));
  });

  it("forgives a typo in a word of 5 letters or more, in a part's name and in a category", async () => {
    const part = await suggest("vneted");
    expect(part.suggestions.filter((s) => s.kind === "part").map((s) => [s.label, marked(s)])).toEqual([["Vented Brake Disc", ["Vented"]]]);
    const category = await suggest("brkaes");
    expect(category.suggestions.filter((s) => s.kind === "category").map((s) => s.label)).toEqual(["Brakes"]);
  });

  it("offers a part by its number typed with any punctuation and case, and marks the number", async () => {
    for (const typed of ["bp4471x", "BP 4471 X", "45022tbaa01"]) {
      const { suggestions } = await suggest(typed);
      const number = suggestions.find((s) => s.kind === "part-number");
      expect({ typed, number: number && [number.href, marked(number)] }).toEqual({ typed, number: [`/parts/${padsId}`, [typed.startsWith("4") ? "45022-TBA-A01" : "BP-4471X"]] });
      expect(number!.label).toMatch(/Ceramic Brake Pad Set$/);
    }
  });

  it("offers the vehicles of the fitment menus, the year typed or the newest", async () => {
    expect((await suggest("civ")).suggestions.filter((s) => s.kind === "vehicle")).toEqual([{ kind: "vehicle", label: "2016 Honda Civic", href: "/vehicles/2016/honda/civic", highlights: [{ start: 11, end: 14 }] }]);
    const { suggestions } = await suggest("2015 honda");
    expect(suggestions.filter((s) => s.kind === "vehicle").map((s) => [s.label, s.href, marked(s)])).toEqual([["2015 Honda Civic", "/vehicles/2015/honda/civic", ["2015", "Honda"]]]);
  });

  it("shows at most 8, and a word in every part name is answered as fast as any", async () => {
    const { suggestions } = await suggest("sprocket widget");
    expect(suggestions).toHaveLength(8);
    expect(suggestions.every((s) => s.kind === "part" && s.label.startsWith("Sprocket widget"))).toBe(true);
  });

  it("answers too short a text, or one without letters or digits, with an empty list", async () => {
    for (const q of ["b", " b ", "--", "%", "   "]) expect(await suggest(q)).toMatchObject({ status: 200, suggestions: [] });
  });

  it("refuses a missing, empty, repeated or too long q with a 400 naming it, never a 500", async () => {
    const refusals: [string, RegExp][] = [
      ["", /q is required/],
      ["?q=", /q must not be empty/],
      ["?q=ab&q=cd", /q must be one text/],
      [`?q=${"a".repeat(101)}`, /q must be 100 characters or fewer/],
    ];
    for (const [query, message] of refusals) {
      const reply = await world.nobody.get<{ success: boolean; message: string }>(`/search/suggestions${query}`);
      expect({ query, status: reply.status, message: reply.body.message }).toEqual({ query, status: 400, message: expect.stringMatching(message) });
    }
  });

  it("treats operators, control characters and odd scripts as text", async () => {
    for (const q of ['{"$gt":""}', "bra\u0000ke", "\u202Ebrake", "ブレーキ", "🚗🚗", "a".repeat(100), "' OR 1=1 --", "%00%ff"]) {
      const reply = await suggest(q);
      expect({ q, status: reply.status }).toEqual({ q, status: 200 });
    }
    expect((await suggest("bra\u0000ke")).suggestions.map((s) => s.label)).toContain("Brakes");
  });
});
