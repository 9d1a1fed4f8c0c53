import { describe, expect, it } from "vitest";
import * as replies from "@/lib/validation/fitment-responses";
import { partListSchema } from "@/lib/validation/responses";
import { setUpApiWorld } from "../support/api";

// A client developer builds a vehicle selector and manages fitment over REST; a visitor and a
// crawler read the vehicle pages and the part page's fitment.

const world = setUpApiWorld();

const validPart = { partsname: "API fitment rotor", image: "https://example.com/rotor.png", price: 40, quantity: 10, description: "A rotor for the fitment API tests." };
const rows = [
  { yearFrom: 2018, yearTo: 2019, make: "Apimake", model: "Coupe 2", engine: "1.5 T", position: "front" },
  { yearFrom: 2019, make: "Apimake", model: "Coupe 2", note: "All engines" },
];

async function newPartId(name = validPart.partsname): Promise<string> {
  const reply = await world.carol.post<{ result: { _id: string } }>("/carparts", { ...validPart, partsname: name });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.result._id;
}

describe("fitment over REST", () => {
  it("an admin adds rows; customers and visitors may not; the selector's menus and the part's fitment follow", async () => {
    const id = await newPartId();
    expect((await world.nobody.post(`/carparts/${id}/fitment`, { rows })).status).toBe(401);
    expect((await world.alice.post(`/carparts/${id}/fitment`, { rows })).status).toBe(403);
    const added = await world.carol.post(`/carparts/${id}/fitment`, { rows });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(replies.fitmentAddedSchema.parse(added.body)).toMatchObject({ message: "3 fitments added, 0 updated, 0 already there.", result: { modelYears: 2, added: 3 } });

    expect(replies.vehicleYearsSchema.parse((await world.nobody.get("/vehicle-years")).body).result).toEqual(expect.arrayContaining([2019, 2018]));
    expect(replies.vehicleMenuSchema.parse((await world.nobody.get("/vehicle-years/2018/makes")).body).result).toContainEqual({ slug: "apimake", name: "Apimake" });
    expect(replies.vehicleMenuSchema.parse((await world.nobody.get("/vehicle-years/2018/makes/apimake/models")).body).result).toEqual([{ slug: "coupe-2", name: "Coupe 2" }]);
    expect(replies.vehicleMenuSchema.parse((await world.nobody.get("/vehicle-years/2019/makes/apimake/models/coupe-2/engines")).body).result).toEqual([{ slug: "1-5-t", name: "1.5 T" }]);
    expect((await world.nobody.get("/vehicle-years/2019/makes/nosuchmake/models")).body).toEqual({ success: true, result: [] });

    const fitment = await world.nobody.get(`/carparts/${id}/fitment`);
    const list = replies.fitmentListSchema.parse(fitment.body);
    expect(list.map((fit) => [fit.label, fit.applications.length])).toEqual([
      ["2019 Apimake Coupe 2", 2],
      ["2018 Apimake Coupe 2", 1],
    ]);
    expect((await world.nobody.get(`/carparts/${id}/fitment?limit=1`)).headers.get("link")).toMatch(/rel="next"/);

    // The catalogue filtered by vehicle: the parts that fit it (then the universal ones).
    const filtered = await world.nobody.get("/carparts?vehicle=2018/apimake/coupe-2&limit=5");
    expect(partListSchema.parse(filtered.body).map((part) => part.partsname)).toContain(validPart.partsname);
    expect(partListSchema.parse((await world.nobody.get("/carparts?vehicle=2017/apimake/coupe-2")).body).map((part) => part.partsname)).not.toContain(validPart.partsname);
    for (const bad of ["2018/Apimake/coupe-2", "2018/apimake", "1800/apimake/coupe-2", "x"]) {
      const reply = await world.nobody.get(`/carparts?vehicle=${encodeURIComponent(bad)}`);
      expect({ bad, status: reply.status }).toEqual({ bad, status: 400 });
    }
    expect((await world.nobody.get("/carparts?vehicle=2018/apimake/coupe-2&vehicle=2019/apimake/coupe-2")).status).toBe(400);
  });

  it("answers bad input with a 400 naming the field, and changes nothing", async () => {
    const id = await newPartId("API fitment refused part");
    const cases: [unknown, RegExp][] = [
      [{ rows: [{ ...rows[0], yearTo: 2017 }] }, /^rows\.0\.yearTo: The last year cannot be before the first$/],
      [{ rows: [{ ...rows[0], make: " - " }] }, /^rows\.0\.make: Make is required/],
      [{ rows: [{ ...rows[0], position: "middle" }] }, /^rows\.0\.position: Position must be one of front, rear/],
      [{ rows: [{ ...rows[0], yearFrom: 1800 }] }, /^rows\.0\.yearFrom: Years must be whole numbers/],
      [{ rows: [{ ...rows[0], yearFrom: "2018" }] }, /^rows\.0\.yearFrom: /],
      [{ rows: [] }, /^rows: Send 1 to 100 rows$/],
      [{ rows: [{ ...rows[0], yearFrom: 1980, yearTo: 2025 }] }, /^rows\.0\.yearTo: A row may span at most 40 years$/],
      [{ rows: Array.from({ length: 30 }, (_, i) => ({ yearFrom: 1990, yearTo: 2025, make: "Wide", model: `M${i}` })) }, /^rows: at most 1000 model years a request/],
      [{ rows: [{ ...rows[0], make: { $gt: "" } }] }, /^rows\.0\.make: /],
    ];
    for (const [body, message] of cases) {
      const reply = await world.carol.post(`/carparts/${id}/fitment`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((reply.body as { message: string }).message).toMatch(message);
    }
    expect((await world.nobody.get(`/carparts/${id}/fitment`)).body).toEqual([]);
    for (const path of ["/vehicle-years/abcd/makes", "/vehicle-years/1800/makes", "/vehicle-years/2018/makes/Apimake/models", "/vehicle-years/2018/makes/api%20make/models", "/carparts/nope/fitment"]) {
      const reply = await world.nobody.get(path);
      expect({ path, status: reply.status }).toEqual({ path, status: 400 });
    }
    expect((await world.nobody.get("/carparts/0123456789abcdef01234567/fitment")).status).toBe(404);
  });

  it("an admin removes one engine's application, then the model year; a universal flag is set and cleared", async () => {
    const id = await newPartId("API fitment removable");
    await world.carol.post(`/carparts/${id}/fitment`, { rows });
    expect((await world.alice.delete(`/carparts/${id}/fitment/2019/apimake/coupe-2`)).status).toBe(403);
    const one = await world.carol.delete(`/carparts/${id}/fitment/2019/apimake/coupe-2?engine=1-5-t`);
    expect(replies.fitmentRemovedSchema.parse(one.body)).toMatchObject({ removed: 1 });
    expect((await world.carol.delete(`/carparts/${id}/fitment/2019/apimake/coupe-2?position=middle`)).status).toBe(400);
    expect(replies.fitmentRemovedSchema.parse((await world.carol.delete(`/carparts/${id}/fitment/2019/apimake/coupe-2`)).body)).toMatchObject({ removed: 1 });
    expect((await world.carol.delete(`/carparts/${id}/fitment/2019/apimake/coupe-2`)).status).toBe(404);
    expect((await world.nobody.get(`/carparts/${id}/fitment`)).body).toHaveLength(1);

    expect((await world.alice.put(`/carparts/${id}/universal`, { universal: true })).status).toBe(403);
    expect((await world.carol.put(`/carparts/${id}/universal`, { universal: "yes" })).status).toBe(400);
    expect(replies.universalChangedSchema.parse((await world.carol.put(`/carparts/${id}/universal`, { universal: true })).body)).toMatchObject({ universal: true });
    expect((await world.nobody.get(`/carparts/${id}`)).body).toMatchObject({ result: { universal: true } });
  });
});

describe("vehicle pages and the part page", () => {
  const html = async (path: string) => {
    const reply = await fetch(`${world.server.baseUrl}${path}`);
    return { status: reply.status, text: await reply.text() };
  };

  it("a vehicle page lists the parts that fit it, with a canonical URL; another spelling or an unknown vehicle is a 404", async () => {
    const page = await html("/vehicles/2018/apimake/coupe-2");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Parts for the 2018 Apimake Coupe 2");
    expect(page.text).toContain("API fitment rotor");
    expect(page.text).toContain("Engines: 1.5 T.");
    expect(page.text).toMatch(/<link rel="canonical" href="[^"]*\/vehicles\/2018\/apimake\/coupe-2"\/>/);
    for (const path of ["/vehicles/2018/Apimake/coupe-2", "/vehicles/2017/apimake/coupe-2", "/vehicles/1800/apimake/coupe-2", "/vehicles/2018/apimake/%25", "/vehicles/abcd/x/y", "/vehicles/2018/apimake/coupe-2?page=9"]) {
      expect({ path, status: (await html(path)).status }).toEqual({ path, status: 404 });
    }
  });

  it("the part page lists the vehicles it fits, with links, and its JSON-LD names them", async () => {
    const list = await world.nobody.get<{ _id: string; partsname: string }[]>("/carparts?limit=100");
    const part = list.body.find((p) => p.partsname === validPart.partsname)!;
    const page = await html(`/parts/${part._id}`);
    expect(page.text).toContain("Fits these vehicles");
    expect(page.text).toContain('href="/vehicles/2019/apimake/coupe-2"');
    expect(page.text).toContain("(1.5 T, front; All engines)");
    const product = [...page.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!)).find((data) => data["@type"] === "Product");
    expect(product.isAccessoryOrSparePartFor).toEqual([
      { "@type": "Vehicle", name: "2019 Apimake Coupe 2", brand: { "@type": "Brand", name: "Apimake" }, model: "Coupe 2", vehicleModelDate: "2019" },
      { "@type": "Vehicle", name: "2018 Apimake Coupe 2", brand: { "@type": "Brand", name: "Apimake" }, model: "Coupe 2", vehicleModelDate: "2018" },
    ]);
    const sitemap = await html("/sitemap.xml");
    expect(sitemap.text).toContain("/vehicles/2019/apimake/coupe-2</loc>");
    expect(sitemap.text).toContain("/vehicles/2018/apimake/coupe-2</loc>");
  });
});

describe("POST /fitment-imports", () => {
  const csv = (body: string, type = "text/csv") => ({ body, headers: { "content-type": type } });

  it("imports as an admin only, reads CSV only, and reports each row", async () => {
    await newPartId("API import part");
    const file = "part_number,make,model,year_from\nNO-SUCH,Apimake,Coupe 2,2019\n";
    expect((await world.nobody.call("POST", "/fitment-imports", csv(file))).status).toBe(401);
    expect((await world.alice.call("POST", "/fitment-imports", csv(file))).status).toBe(403);
    expect((await world.carol.call("POST", "/fitment-imports", csv(file, "application/json"))).status).toBe(415);
    const reply = await world.carol.call("POST", "/fitment-imports", csv(file));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(replies.fitmentImportedSchema.parse(reply.body)).toMatchObject({
      message: "0 of 1 rows added, 1 refused.",
      result: { rows: 1, accepted: 0, rejected: [{ line: 2, reason: "part_number: no part has the number NO-SUCH" }] },
    });
  });

  it("refuses a file it cannot read: not UTF-8, no header, over the size cap", async () => {
    const latin1 = { body: new Uint8Array([0x70, 0x61, 0xe9, 0x0a]), headers: { "content-type": "text/csv" } };
    expect((await world.carol.call("POST", "/fitment-imports", latin1)).body).toEqual({ success: false, message: "The file is not UTF-8 text: save it as CSV UTF-8." });
    expect((await world.carol.call("POST", "/fitment-imports", csv("make,model\n"))).status).toBe(400);
    const huge = await world.carol.call("POST", "/fitment-imports", csv("x".repeat(1024 * 1024 + 1)));
    expect(huge.status).toBe(413);
  });
});
