import { beforeAll, describe, expect, it } from "vitest";
import { GARAGE_SIZE } from "@/lib/garage/commands";
import { User } from "@/models/User";
import { ALICE, BOB, setUpApiWorld } from "../support/api";
import { Client, type CallOptions, signedUpClient } from "../support/client";

// The vehicle a browser shops for, over HTTP as a browser sends it: the selector's and My Garage's
// form posts, the cookie they leave, the pages that cookie changes, and a signed-in customer's
// garage meeting the browser at sign-in. Then what an attacker would try.

const world = setUpApiWorld();
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const COUPE = "2018/garageapi/coupe";
const COUPE_TURBO = "2018/garageapi/coupe/1-6-turbo";
let fitting: string;
let other: string;

const post = (client: Client, fields: Record<string, string>, options: CallOptions = {}) =>
  client.call("POST", "/garage", { body: new URLSearchParams(fields).toString(), headers: FORM, ...options });
const page = async (client: Client, path: string) => {
  const reply = await client.get<string>(path);
  return { status: reply.status, html: String(reply.body).replace(/<!-- -->/g, "") };
};
const vehicleCookieOf = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith("vehicle="));
const garageOf = async (email: string) => (await User.findOne({ email }, { _id: 0, garage: 1, activeVehicle: 1 }).lean<{ garage: { vehicle: string; label: string }[]; activeVehicle: string }>())!;

async function newPart(partsname: string): Promise<string> {
  const reply = await world.carol.post<{ result: { _id: string } }>("/carparts", { partsname, image: "https://example.com/p.png", price: 25, quantity: 5, description: "A part of the garage API tests." });
  expect(reply.status).toBe(201);
  return reply.body.result._id;
}

beforeAll(async () => {
  fitting = await newPart("Garage API turbo intercooler");
  other = await newPart("Garage API roof box");
  const rows = [{ yearFrom: 2018, make: "GarageApi", model: "Coupe", engine: "1.6 Turbo" }];
  expect((await world.carol.post(`/carparts/${fitting}/fitment`, { rows })).status).toBe(200);
  expect((await world.carol.post(`/carparts/${other}/fitment`, { rows: [{ yearFrom: 2018, make: "GarageApi", model: "Wagon" }] })).status).toBe(200);
});

describe("a visitor's vehicle", () => {
  it("is chosen by a form post: a year-long httpOnly cookie and a 303 to the catalogue, which then shows the parts that fit it", async () => {
    const visitor = new Client(world.server.baseUrl);
    const chosen = await post(visitor, { intent: "choose", vehicle: COUPE, engine: "1-6-turbo" });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("location")).toBe("/parts");
    expect(vehicleCookieOf(chosen.headers)).toMatch(/^vehicle=2018%2Fgarageapi%2Fcoupe%2F1-6-turbo; Path=\/; .*Max-Age=31536000.*HttpOnly.*SameSite=lax/i);

    const catalogue = await page(visitor, "/parts");
    expect(catalogue.html).toContain("Shopping for your <strong>2018 GarageApi Coupe 1.6 Turbo</strong>");
    expect(catalogue.html).toContain("Showing 1–1 of 1 part that fit your 2018 GarageApi Coupe 1.6 Turbo.");
    expect(catalogue.html).toContain("Garage API turbo intercooler");
    expect(catalogue.html).not.toContain("Garage API roof box");

    const everything = await page(visitor, "/parts?vehicle=any");
    expect(everything.html).toContain("Does not fit your 2018 GarageApi Coupe 1.6 Turbo");
    expect((await page(visitor, `/parts/${other}`)).html).toContain("Does not fit your 2018 GarageApi Coupe 1.6 Turbo");
    expect((await page(visitor, `/parts/${fitting}`)).html).toContain("Fits your 2018 GarageApi Coupe 1.6 Turbo");
    expect((await page(visitor, "/")).html).toContain("Shopping for your <strong>2018 GarageApi Coupe 1.6 Turbo</strong>");

    // Everyone else still gets the shared pages, without a word about that car.
    for (const path of ["/parts", `/parts/${fitting}`, "/"]) expect((await page(world.nobody, path)).html).not.toMatch(/Fits your|Does not fit your|Shopping for your/);
    // An address may name a vehicle for anyone; one the shop does not know is a 404.
    expect((await page(world.nobody, `/parts?vehicle=${encodeURIComponent(COUPE)}`)).html).toContain("that fit your 2018 GarageApi Coupe.");
    expect((await page(world.nobody, "/parts?vehicle=2018/garageapi/no-such")).status).toBe(404);

    const forgotten = await post(visitor, { intent: "forget", next: "/parts?q=intercooler" });
    expect(forgotten.headers.get("location")).toBe("/parts?q=intercooler");
    expect(vehicleCookieOf(forgotten.headers)).toMatch(/Max-Age=0/i);
    expect((await page(visitor, "/parts")).html).not.toContain("Shopping for your");
  });

  it("a vehicle the shop does not list, or a forged cookie, is no vehicle", async () => {
    const visitor = new Client(world.server.baseUrl);
    const unknown = await post(visitor, { intent: "choose", vehicle: "2018/garageapi/no-such" });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("location")).toBe("/vehicle");
    expect(vehicleCookieOf(unknown.headers)).toBeUndefined();
    for (const forged of ["2018%2Fgarageapi%2Fno-such", "%24gt", "x".repeat(4000), "2018/garageapi/coupe/../../x"]) {
      visitor.setCookie("vehicle", forged);
      for (const path of ["/parts", "/", `/parts/${fitting}`]) {
        const reply = await page(visitor, path);
        expect({ forged, path, status: reply.status }).toEqual({ forged, path, status: 200 });
        expect(reply.html).not.toContain("Shopping for your");
      }
    }
  });
});

describe("a customer's garage", () => {
  it("keeps the chosen vehicles, one active; signing in elsewhere brings the active one to that browser", async () => {
    await post(world.alice, { intent: "choose", vehicle: COUPE });
    await post(world.alice, { intent: "choose", vehicle: COUPE, engine: "1-6-turbo" });
    expect(await garageOf(ALICE)).toMatchObject({
      garage: [
        { vehicle: COUPE, label: "2018 GarageApi Coupe" },
        { vehicle: COUPE_TURBO, label: "2018 GarageApi Coupe 1.6 Turbo" },
      ],
      activeVehicle: COUPE_TURBO,
    });
    const activated = await post(world.alice, { intent: "activate", vehicle: COUPE });
    expect(activated.headers.get("location")).toBe("/dashboard/my-garage");
    expect(vehicleCookieOf(activated.headers)).toContain("vehicle=2018%2Fgarageapi%2Fcoupe;");
    expect((await page(world.alice, "/dashboard/my-garage")).html).toContain("The shop shows the parts that fit your 2018 GarageApi Coupe.");

    const laptop = new Client(world.server.baseUrl);
    await laptop.signIn(ALICE, "secret-pass-1");
    expect(laptop.cookieHeader()).toContain("vehicle=2018%2Fgarageapi%2Fcoupe");

    const removed = await post(world.alice, { intent: "remove", vehicle: COUPE });
    expect(vehicleCookieOf(removed.headers)).toMatch(/Max-Age=0/i);
    expect(await garageOf(ALICE)).toMatchObject({ garage: [{ vehicle: COUPE_TURBO }], activeVehicle: "" });
  });

  it("signing out forgets the browser's vehicle, so the next person at that browser does not take it into their garage", async () => {
    // Accounts of their own: signing out ends every session of the account.
    const shared = await signedUpClient(world.server.baseUrl, "garage-first@example.com", "First Driver");
    await signedUpClient(world.server.baseUrl, "garage-next@example.com", "Next Driver");
    await post(shared, { intent: "choose", vehicle: COUPE });
    expect(shared.cookieHeader()).toContain("vehicle=2018%2Fgarageapi%2Fcoupe");
    await shared.signOut();
    expect(shared.cookieHeader()).not.toContain("vehicle=");
    await shared.signIn("garage-next@example.com", "secret-pass-1");
    expect(await garageOf("garage-next@example.com")).toMatchObject({ garage: [], activeVehicle: "" });
    expect((await page(shared, "/parts")).html).not.toContain("Shopping for your");
  });

  it("a visitor's vehicle goes into an empty garage at sign-in", async () => {
    const browser = new Client(world.server.baseUrl);
    await post(browser, { intent: "choose", vehicle: COUPE });
    await User.updateOne({ email: BOB }, { $set: { garage: [], activeVehicle: "" } });
    await browser.signIn(BOB, "secret-pass-1");
    expect(await garageOf(BOB)).toMatchObject({ garage: [{ vehicle: COUPE }], activeVehicle: COUPE });
  });

  it("only a cookie of a vehicle's shape takes a browser off the cached pages; junk leaves it on them", async () => {
    const asBrowserWith = (cookie: string, path: string) => new Client(world.server.baseUrl).call<string>("GET", path, { headers: { cookie } });
    for (const path of ["/", "/parts", `/parts/${other}`]) {
      for (const junk of ["vehicle=junk", "vehicle=2018", "vehicle=2018%2FGarageApi%2FCoupe", `vehicle=${"9".repeat(300)}`]) {
        const reply = await asBrowserWith(junk, path);
        expect(reply.status).toBe(200);
        expect(reply.headers.get("x-nextjs-cache"), `${path} with ${junk}`).not.toBeNull();
        expect(String(reply.body)).not.toContain("Shopping for your");
      }
      const chosen = await asBrowserWith(`vehicle=${encodeURIComponent(COUPE)}`, path);
      expect(chosen.headers.get("x-nextjs-cache"), `${path} with a vehicle`).toBeNull();
    }
  });

  it("a full garage says so and keeps its vehicles", async () => {
    await User.updateOne({ email: ALICE }, { $set: { garage: Array.from({ length: GARAGE_SIZE }, (_, i) => ({ vehicle: `2018/garageapi/model-${i}`, label: `Car ${i}` })) } });
    const full = await post(world.alice, { intent: "choose", vehicle: COUPE });
    expect(full.headers.get("location")).toBe("/dashboard/my-garage?full=1");
    expect(vehicleCookieOf(full.headers)).toBeUndefined();
    expect((await garageOf(ALICE)).garage).toHaveLength(GARAGE_SIZE);
    expect((await page(world.alice, "/dashboard/my-garage?full=1")).html).toContain(`Your garage holds ${GARAGE_SIZE} vehicles; remove one before adding another.`);
  });
});

describe("what the garage form refuses", () => {
  it("another site's form, a wrong or huge body, an unknown intent, and a garage change without signing in; nothing changes", async () => {
    const before = await garageOf(ALICE);
    const refused = [
      [await post(world.alice, { intent: "remove", vehicle: "2018/garageapi/model-1" }, { origin: "https://evil.example" }), 403],
      // Signed out too: another site must not choose the vehicle a visitor's browser shops for.
      [await post(world.nobody, { intent: "choose", vehicle: COUPE }, { origin: "https://evil.example" }), 403],
      [await world.alice.call("POST", "/garage", { json: { intent: "remove", vehicle: "2018/garageapi/model-1" } }), 415],
      [await post(world.alice, { intent: "choose", vehicle: "x".repeat(5000) }), 413],
      [await post(world.alice, { intent: "steal" }), 400],
      [await post(world.alice, { intent: "activate", vehicle: "2018/../../x" }), 400],
    ] as const;
    for (const [reply, status] of refused) {
      expect(reply.status).toBe(status);
      // A browser's form refused for its origin gets a page saying so; the rest the API's error shape.
      if (status === 403) expect(String(reply.body)).toContain("Cross-site request refused");
      else expect(reply.body).toMatchObject({ success: false });
    }
    expect((await world.alice.get("/garage")).status).toBe(405);
    // What a person meets clicking a stale My Garage: pages, not errors. A vehicle gone already
    // (another tab, a second click) leads back to the garage as it is; an ended session to sign-in.
    for (const intent of ["activate", "remove"]) {
      const gone = await post(world.alice, { intent, vehicle: "2018/garageapi/not-mine" });
      expect([gone.status, gone.headers.get("location")]).toEqual([303, "/dashboard/my-garage"]);
      // The browser is told the garage's active vehicle again, should another device have changed it.
      expect(vehicleCookieOf(gone.headers)).toBeDefined();
      const signedOut = await post(world.nobody, { intent, vehicle: "2018/garageapi/model-1" });
      expect([signedOut.status, signedOut.headers.get("location")]).toEqual([303, "/signin?callbackUrl=%2Fdashboard%2Fmy-garage"]);
    }
    // Where the form goes back to stays on this site.
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      expect((await post(world.nobody, { intent: "forget", next })).headers.get("location")).toBe("/");
    }
    expect(await garageOf(ALICE)).toEqual(before);
  });
});
