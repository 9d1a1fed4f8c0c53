import { describe, expect, it } from "vitest";
import { Part } from "@/models/Part";
import { ALICE, orderBody, setUpApiWorld } from "../support/api";
import { Client, signedUpClient } from "../support/client";

// Public pages and API reads are served from Next's cache (lib/cache/public-read.ts and each domain's cached-reads.ts, lib/cache/cached-routes.ts).
// An edit must show on the very next request: these tests read every cached view, write through
// the REST paths, and read again at once. A stock change is the exception: under a crowd of orders
// the pages stay served from the cache while one background render refreshes them.
const world = setUpApiWorld();

type PartReply = { result: { _id: string; partsname: string; price: number; quantity: number } };

async function page(path: string): Promise<{ status: number; html: string; cache: string | null }> {
  const reply = await world.nobody.call<string>("GET", path);
  // React separates adjacent text with <!-- --> markers: read the page as its visitor would.
  return { status: reply.status, html: String(reply.body).replaceAll("<!-- -->", ""), cache: reply.headers.get("x-nextjs-cache") };
}

/** Whether a page shows this stock level (a card's "Available" or the part page's "N units"), not a digit run inside an id. */
const showsStock = (html: string, quantity: number) => new RegExp(`>${quantity}( units)?<`).test(html);

/** Reads a path twice, so the second answer comes from the cache when the path is cached. */
async function warm(path: string) {
  await page(path);
  return page(path);
}

async function addPart(partsname: string, price: number, quantity = 100) {
  const reply = await world.carol.post<PartReply>("/carparts", {
    partsname,
    image: "https://example.com/part.png",
    price,
    quantity,
    minOrder: 1,
    description: `${partsname}, made by the cache test.`,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.result;
}

describe("cached public pages and API reads are fresh on the request after a write", () => {
  it("a price change by the admin (PUT /carparts/{id}) shows at once on /, /parts, a search, the part page and the API", async () => {
    const part = await addPart("Freshness rotor", 41);
    // A search page renders per request, but its parts come from the data cache.
    const views = ["/", "/parts", "/parts?q=freshness+rotor", `/parts/${part._id}`];
    for (const path of views) {
      const warmed = await warm(path);
      expect(warmed.status, path).toBe(200);
      expect(warmed.html, path).toContain("$41");
    }
    // The pages really are cached: the second read was a cache hit, not a render.
    expect((await page(`/parts/${part._id}`)).cache).toBe("HIT");
    expect((await world.nobody.get<PartReply>(`/carparts/${part._id}`)).body.result.price).toBe(41);
    // With and without limit: both are cached pages now (no limit = the first 100).
    for (const path of ["/carparts?limit=20", "/carparts"]) expect((await world.nobody.get<PartReply["result"][]>(path)).body.find((p) => p._id === part._id)?.price, path).toBe(41);

    const put = await world.carol.put(`/carparts/${part._id}`, { price: 57 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    for (const path of views) {
      const fresh = await page(path);
      expect(fresh.status, path).toBe(200);
      expect(fresh.html, path).toContain("$57");
      expect(fresh.html, path).not.toContain("$41");
    }
    expect((await world.nobody.get<PartReply>(`/carparts/${part._id}`)).body.result.price).toBe(57);
    for (const path of ["/carparts?limit=20", "/carparts"]) expect((await world.nobody.get<PartReply["result"][]>(path)).body.find((p) => p._id === part._id)?.price, path).toBe(57);
  });

  it("an order marks /, /parts and the part page stale: the next request is answered from the cache, a later one shows the new stock", async () => {
    const part = await addPart("Freshness pad set", 12, 4321);
    const views = ["/", "/parts", `/parts/${part._id}`];
    const search = "/parts?q=freshness+pad+set";
    for (const path of [...views, search]) expect(showsStock((await warm(path)).html, 4321), path).toBe(true);

    const order = await world.alice.post("/orderd", orderBody(part._id, ALICE, 3));
    expect(order.status, JSON.stringify(order.body)).toBe(201);

    for (const path of views) {
      // No render from the database on the request's path: the page as it was, marked stale.
      const next = await page(path);
      expect({ path, status: next.status, cache: next.cache }).toEqual({ path, status: 200, cache: "STALE" });
      expect(showsStock(next.html, 4321), path).toBe(true);
    }
    // That request started one background render; a later request gets its result.
    for (const path of [...views, search]) await expect.poll(async () => showsStock((await page(path)).html, 4318), { timeout: 15_000, message: path }).toBe(true);
    await expect.poll(async () => (await world.nobody.get<PartReply>(`/carparts/${part._id}`)).body.result.quantity, { timeout: 15_000 }).toBe(4318);
  });

  it("an admin's stock adjustment (PATCH /carparts/{id}/stock) shows on the very next request, not after a stale one", async () => {
    const part = await addPart("Freshness recall", 9, 250);
    const views = ["/", "/parts", "/parts?q=freshness+recall", `/parts/${part._id}`];
    // The parts sold out are read from the data cache too: the in-stock search lists the part until it is sold out.
    const inStock = "/parts?q=freshness+recall&stock=in";
    for (const path of views) expect(showsStock((await warm(path)).html, 250), path).toBe(true);
    expect((await warm(inStock)).html).toContain(`href="/parts/${part._id}"`);

    const patch = await world.carol.call("PATCH", `/carparts/${part._id}/stock`, { json: { delta: -250 } });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);

    for (const path of views) {
      const next = await page(path);
      expect(next.cache, path).not.toBe("STALE");
      expect(showsStock(next.html, 250), path).toBe(false);
    }
    expect((await page(inStock)).html).not.toContain(`href="/parts/${part._id}"`);
    // The home page shows the catalogue's first parts: leave it as the tests after this one expect it.
    expect((await world.carol.call("DELETE", `/carparts/${part._id}`)).status).toBe(200);
  });

  it("a price edit shows on the very next request even when an order marked the pages stale just after it", async () => {
    const [edited, ordered] = [await addPart("Freshness caliper", 70), await addPart("Freshness hose", 8)];
    for (const path of ["/", "/parts", `/parts/${edited._id}`]) expect((await warm(path)).html, path).toContain("$70");

    expect((await world.carol.put(`/carparts/${edited._id}`, { price: 75 })).status).toBe(200);
    expect((await world.alice.post("/orderd", orderBody(ordered._id, ALICE, 1))).status).toBe(201);

    for (const path of ["/", "/parts", `/parts/${edited._id}`]) {
      const next = await page(path);
      expect(next.html, path).toContain("$75");
      expect(next.html, path).not.toContain("$70");
    }
  });

  it("a new review shows at once on / and GET /reviews (with and without limit)", async () => {
    await warm("/");
    await world.nobody.get("/reviews?limit=20");
    await world.nobody.get("/reviews");
    const text = `Cache test review ${Math.random().toString(36).slice(2, 10)}`;
    const posted = await world.alice.post("/reviews", { rating: 4, description: text });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);

    expect((await page("/")).html).toContain(text);
    for (const path of ["/reviews?limit=20", "/reviews"]) {
      const reviews = await world.nobody.get<{ description: string }[]>(path);
      expect(reviews.body.map((r) => r.description), path).toContain(text);
    }
  });

  it("a new part shows at once in the sitemap, and a deleted part's page answers 404 at once", async () => {
    await warm("/sitemap.xml");
    const part = await addPart("Freshness wiper", 9);
    expect((await page("/sitemap.xml")).html).toContain(`/parts/${part._id}`);

    expect((await warm(`/parts/${part._id}`)).status).toBe(200);
    const deleted = await world.carol.delete(`/carparts/${part._id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await page(`/parts/${part._id}`)).status).toBe(404);
    expect((await world.nobody.get(`/carparts/${part._id}`)).status).toBe(404);
    expect((await page("/sitemap.xml")).html).not.toContain(`/parts/${part._id}`);
  });
});

describe("which public paths are served from the cache", () => {
  it("home, blog, portfolio and the catalogue without a search text are ISR hits on the second read", async () => {
    for (const path of ["/", "/blog", "/portfolio", "/parts", "/parts?page=1", "/parts?sort=name", "/parts?sort=price-desc&page=1", "/parts?page=abc&sort=bogus"]) {
      const second = await warm(path);
      expect({ path, status: second.status, cache: second.cache }).toEqual({ path, status: 200, cache: "HIT" });
    }
  });

  it("a signed-in customer's pages are a second cached variant, shared by every signed-in customer and fresh after a write", async () => {
    const part = await addPart("Variant caliper", 63);
    const views = ["/", "/blog", "/portfolio", "/customer-reviews", "/parts", "/parts?sort=name", `/parts/${part._id}`];
    const read = async (who: Client, path: string) => {
      const reply = await who.call<string>("GET", path);
      return { status: reply.status, html: String(reply.body), cache: reply.headers.get("x-nextjs-cache") };
    };
    for (const path of views) {
      await read(world.alice, path);
      const alice = await read(world.alice, path);
      expect({ path, status: alice.status, cache: alice.cache }).toEqual({ path, status: 200, cache: "HIT" });
      expect(alice.html, path).toContain(">DashBoard</a>");
      expect(alice.html, path).not.toContain(">Login</a>");
      // Another customer gets the same cached variant; a visitor the other one.
      expect((await read(world.bob, path)).cache, path).toBe("HIT");
      const visitor = await read(world.nobody, path);
      expect(visitor.html, path).toContain(">Login</a>");
      expect(visitor.html, path).not.toContain("DashBoard");
    }
    // A cookie the shop did not seal, with the header the request guard sets, is a visitor's.
    const forger = new Client(world.server.baseUrl);
    forger.setCookie("next-auth.session-token", "forged");
    for (const path of views) {
      const forged = await forger.call<string>("GET", path, { headers: { "x-autoparts-signed-in": "1" } });
      expect(String(forged.body), path).not.toContain("DashBoard");
      const headerOnly = await world.nobody.call<string>("GET", path, { headers: { "x-autoparts-signed-in": "1" } });
      expect(String(headerOnly.body), path).not.toContain("DashBoard");
    }
    // The internal paths of the signed-in variant are not a way round the guard.
    expect((await read(world.nobody, "/cached/signed-in/home/index")).html).not.toContain("DashBoard");
    expect((await read(world.nobody, `/parts/${part._id}/signed-in`)).html).not.toContain("DashBoard");

    const put = await world.carol.put(`/carparts/${part._id}`, { price: 71 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    for (const path of ["/parts", `/parts/${part._id}`]) {
      const fresh = await read(world.alice, path);
      expect(fresh.html, path).toContain("$71");
      expect(fresh.html, path).not.toContain("$63");
    }
  });

  it("the catalogue reads sort and page from the query, and a search renders per request", async () => {
    const byName = await page("/parts?sort=name");
    expect(byName.html).toMatch(/<option selected="" value="name">|<option value="name" selected="">/);
    expect((await page("/parts?page=999")).status).toBe(404);
    const search = await page("/parts?q=Freshness");
    expect(search.status).toBe(200);
    expect(search.cache).toBeNull();
    expect(search.html).toContain("matching “Freshness”");
  });
});

describe("a change made straight in the database", () => {
  it("shows after an admin expires the public cache (POST /api/cache/expire), not before", async () => {
    const part = await addPart("Out-of-band filter", 23);
    expect((await warm(`/parts/${part._id}`)).html).toContain("$23");
    await Part.updateOne({ _id: part._id }, { $set: { price: 31 } });
    // The app did not make this change, so its cache still holds the page as it was.
    expect((await page(`/parts/${part._id}`)).html).toContain("$23");

    expect((await world.nobody.post("/api/cache/expire")).status).toBe(401);
    expect((await world.alice.post("/api/cache/expire")).status).toBe(403);
    const expired = await world.carol.post("/api/cache/expire");
    expect(expired.status, JSON.stringify(expired.body)).toBe(200);

    expect((await page(`/parts/${part._id}`)).html).toContain("$31");
    expect((await page("/parts")).html).toContain("$31");
    expect((await world.nobody.get<PartReply>(`/carparts/${part._id}`)).body.result.price).toBe(31);
  });
});

// Last: its part keeps an open order, so it stays in the catalogue (the home page's parts above count on their own).
describe("a customer's cart page", () => {
  it("shows its parts as the catalogue does: an admin's edit and stock adjustment at once, another customer's order once its stale entry is refreshed", async () => {
    const part = await addPart("Freshness cart drum", 33, 10);
    const shopper = await signedUpClient(world.server.baseUrl, "cart-freshness@example.com", "Cart Freshness");
    expect((await shopper.post("/cart/items", { partId: part._id, quantity: 4 })).status).toBe(201);
    const cartPage = async () => {
      const reply = await shopper.call<string>("GET", "/cart");
      expect(reply.status).toBe(200);
      return String(reply.body).replaceAll("<!-- -->", "");
    };
    expect(await cartPage()).toContain("$33 per unit");

    expect((await world.carol.put(`/carparts/${part._id}`, { price: 35 })).status).toBe(200);
    const edited = await cartPage();
    expect(edited).toContain("$35 per unit");
    expect(edited).toContain("The price changed from $33.00 to $35.00 since you added it");

    // Another customer takes 7 of the 10: the cart's 4 are short, told once the part's entry is refreshed.
    expect((await world.alice.post("/orderd", orderBody(part._id, ALICE, 7))).status).toBe(201);
    await expect.poll(cartPage, { timeout: 15_000 }).toContain("Only 3 left");

    expect((await world.carol.call("PATCH", `/carparts/${part._id}/stock`, { json: { delta: -3 } })).status).toBe(200);
    expect(await cartPage()).toContain("Out of stock");
  });
});
