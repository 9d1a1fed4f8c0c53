import { describe, expect, it } from "vitest";
import { setUpApiWorld } from "../support/api";
import { Client, signedUpClient } from "../support/client";

// The header's cart count on the cached pages: each count is one more cached variant of a page
// (lib/cache/cached-routes.ts), so a browser with a cart still gets stored HTML, with its number in it.

const world = setUpApiWorld();

const cookieOf = (client: Client, name: string): string | undefined =>
  client
    .cookieHeader()
    .split("; ")
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
const countIn = (html: string): string | null => /data-cart-count="([^"]+)"/.exec(html)?.[1] ?? null;

async function read(who: Client, path: string) {
  const reply = await who.call<string>("GET", path);
  return { status: reply.status, cache: reply.headers.get("x-nextjs-cache"), count: countIn(String(reply.body)) };
}

describe("the header's cart count", () => {
  it("is in the cached pages' HTML, a cached variant per count, and a visitor without a cart gets the bare page", async () => {
    const shopper = new Client(world.server.baseUrl);
    // Two asked for, the minimum order of three held: the count is the cart's, not the form's.
    const added = await world.carol.post<{ result: { _id: string } }>("/carparts", {
      partsname: "Header count rotor",
      image: "https://example.com/part.png",
      price: 30,
      quantity: 50,
      minOrder: 3,
      description: "A rotor for the header count test.",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const part = { _id: added.body.result._id, minOrder: 3 };
    expect((await shopper.post("/cart/items", { partId: part._id, quantity: 2 })).status).toBe(201);
    const partPage = `/parts/${part._id}`;
    for (const path of ["/", "/blog", "/parts", "/parts?sort=name", partPage]) {
      await read(shopper, path);
      expect({ path, ...(await read(shopper, path)) }).toEqual({ path, status: 200, cache: "HIT", count: String(part.minOrder) });
      await read(world.nobody, path);
      expect({ path, ...(await read(world.nobody, path)) }).toEqual({ path, status: 200, cache: "HIT", count: null });
    }
  });

  it("counts past 99 as 99+ for a signed-in customer too, from the cookie the server writes", async () => {
    const added = await world.carol.post<{ result: { _id: string } }>("/carparts", {
      partsname: "Header count bolt",
      image: "https://example.com/part.png",
      price: 1,
      quantity: 500,
      minOrder: 1,
      description: "A bolt for the header count test.",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const customer = await signedUpClient(world.server.baseUrl, "many-bolts@example.com", "Many Bolts");
    expect((await customer.post("/cart/items", { partId: added.body.result._id, quantity: 120 })).status).toBe(201);
    expect(cookieOf(customer, "cart-count")).toBe("99plus");
    const page = await customer.call<string>("GET", "/blog");
    expect({ status: page.status, count: countIn(String(page.body)), signedIn: String(page.body).includes("Sign Out") }).toEqual({ status: 200, count: "99+", signedIn: true });
  });

  it("shows 99+ past 99, and ignores a count the shop does not write", async () => {
    for (const [cookie, count] of [["cart-count=99plus", "99+"], ["cart-count=250", null], ["cart-count=0", null], ["cart-count=x1", null], ["cart-count=07", null]] as const) {
      const reply = await fetch(`${world.server.baseUrl}/blog`, { headers: { cookie } });
      expect({ cookie, status: reply.status, count: countIn(await reply.text()) }).toEqual({ cookie, status: 200, count });
    }
  });
});
