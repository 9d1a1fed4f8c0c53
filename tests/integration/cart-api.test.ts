import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { cartChangedReplySchema, cartReplySchema } from "@/lib/validation/cart";
import { Cart } from "@/models/Cart";
import { Part } from "@/models/Part";
import { ALICE, makePart, setUpApiWorld } from "../support/api";
import { Client, type Reply, signedUpClient } from "../support/client";

// The cart through its REST paths on the real server: a visitor's behind the `cart` cookie, a
// signed-in customer's on every device, clamped to each part's rules, with notices on its lines.

const world = setUpApiWorld();

type CartReply = z.output<typeof cartReplySchema>;
type Line = CartReply["cart"]["lines"][number];

const visitor = () => new Client(world.server.baseUrl);
const cookieOf = (client: Client, name: string) =>
  client
    .cookieHeader()
    .split("; ")
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

function conforms<S extends z.ZodType>(schema: S, reply: Reply, status: number): z.output<S> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success, parsed.success ? "" : `${JSON.stringify(reply.body)}\n${parsed.error.message}`).toBe(true);
  return parsed.data as z.output<S>;
}

const add = (client: Client, partId: unknown, quantity: number | string) => client.post("/cart/items", { partId: String(partId), quantity });
const added = async (client: Client, partId: unknown, quantity: number) => conforms(cartChangedReplySchema, await add(client, partId, quantity), 201);
const cartOf = async (client: Client) => conforms(cartReplySchema, await client.get("/cart/items"), 200).cart;
const lineOf = (cart: { lines: Line[] }, partId: unknown) => cart.lines.find((line) => line.partId === String(partId));

describe("a visitor's cart", () => {
  it("is empty without a cookie, and reading it gives the browser none", async () => {
    const browser = visitor();
    expect(await cartOf(browser)).toEqual({ lines: [], itemCount: 0, subtotal: 0 });
    expect(cookieOf(browser, "cart")).toBeUndefined();
  });

  it("adds, reads, changes, removes and empties behind an HttpOnly cookie, with the header's count beside it", async () => {
    const brakePads = await makePart({ quantity: 20, price: 12.5 });
    const disc = await makePart({ quantity: 20, price: 40 });
    const browser = visitor();
    const reply = await add(browser, brakePads._id, 2);
    const first = conforms(cartChangedReplySchema, reply, 201);
    expect(first.message).toBe(`Added 2 × ${brakePads.partsname} to your cart.`);
    const setCookies = reply.headers.getSetCookie();
    const cartCookie = setCookies.find((line) => line.startsWith("cart="))!;
    expect(cartCookie).toMatch(/HttpOnly/i);
    expect(cartCookie).toMatch(/SameSite=Lax/i);
    expect(cartCookie).toMatch(/Max-Age=2592000/i);
    expect(cookieOf(browser, "cart")).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const countCookie = setCookies.find((line) => line.startsWith("cart-count="))!;
    expect(countCookie).not.toMatch(/HttpOnly/i);
    expect(cookieOf(browser, "cart-count")).toBe("2");

    expect((await added(browser, brakePads._id, 1)).message).toBe(`Your cart holds 3 of ${brakePads.partsname}.`);
    await added(browser, disc._id, 1);
    const cart = await cartOf(browser);
    expect(cart.lines.map((line) => [line.partsname, line.quantity, line.unitPrice, line.total])).toEqual([
      [brakePads.partsname, 3, 12.5, 37.5],
      [disc.partsname, 1, 40, 40],
    ]);
    expect(cart).toMatchObject({ itemCount: 4, subtotal: 77.5 });
    expect(lineOf(cart, disc._id)).toMatchObject({ minOrder: 1, maxOrder: 20, inStock: true, partDeleted: false, notices: [], image: "https://example.com/part.png" });

    const changed = conforms(cartChangedReplySchema, await browser.call("PATCH", `/cart/items/${brakePads._id}`, { json: { quantity: 5 } }), 200);
    expect(lineOf(changed.cart, brakePads._id)?.quantity).toBe(5);
    expect(cookieOf(browser, "cart-count")).toBe("6");

    const removed = conforms(cartReplySchema, await browser.delete(`/cart/items/${disc._id}`), 200);
    expect(removed.cart.lines.map((line) => line.partId)).toEqual([String(brakePads._id)]);
    // Removing a line that is not there changes nothing.
    expect((await browser.delete(`/cart/items/${disc._id}`)).status).toBe(200);

    await added(browser, disc._id, 2);
    expect(conforms(cartReplySchema, await browser.delete("/cart/items"), 200).cart).toEqual({ lines: [], itemCount: 0, subtotal: 0 });
    expect(await cartOf(browser)).toMatchObject({ lines: [], itemCount: 0 });
    expect(cookieOf(browser, "cart-count")).toBeUndefined();
    // An empty cart is no document at all.
    expect(await Cart.exists({ _id: `visitor:${cookieOf(browser, "cart")}` })).toBeNull();
  });

  it("is nobody else's: a guessed or made-up cookie finds nothing, and a quantity of 0 removes a line", async () => {
    const part = await makePart({ quantity: 10 });
    const owner = visitor();
    await added(owner, part._id, 2);
    const value = cookieOf(owner, "cart")!;
    for (const guess of [`${value.slice(0, -1)}${value.endsWith("A") ? "B" : "A"}`, "visitor", "../account:alice@example.com", "A".repeat(24)]) {
      const stranger = visitor();
      stranger.setCookie("cart", guess);
      expect(await cartOf(stranger), guess).toMatchObject({ lines: [], itemCount: 0 });
    }
    const removed = conforms(cartChangedReplySchema, await owner.call("PATCH", `/cart/items/${part._id}`, { json: { quantity: 0 } }), 200);
    expect(removed.cart.lines).toEqual([]);
  });

  it("keeps every add of many sent at once", async () => {
    const part = await makePart({ quantity: 50 });
    const browser = visitor();
    await added(browser, part._id, 1);
    const replies = await Promise.all(Array.from({ length: 10 }, () => add(browser, part._id, 1)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(201));
    expect(lineOf(await cartOf(browser), part._id)?.quantity).toBe(11);
  });
});

describe("quantities within the part's rules", () => {
  it("clamps to the stock, the per-order maximum and the minimum order, and says so", async () => {
    const scarce = await makePart({ quantity: 3 });
    const browser = visitor();
    expect((await added(browser, scarce._id, 5)).message).toBe(`Only 3 in stock: your cart holds 3 of ${scarce.partsname}.`);
    expect((await added(browser, scarce._id, 1)).message).toBe(`Only 3 in stock: your cart holds 3 of ${scarce.partsname}.`);
    const limited = await makePart({ quantity: 100 });
    await Part.updateOne({ _id: limited._id }, { $set: { maxPerOrder: 4 } });
    expect((await added(browser, limited._id, 9)).message).toBe(`At most 4 per order: your cart holds 4 of ${limited.partsname}.`);
    const boxed = await makePart({ quantity: 100, minOrder: 4 });
    expect((await added(browser, boxed._id, 1)).message).toBe(`The minimum order is 4: your cart holds 4 of ${boxed.partsname}.`);
    const patched = conforms(cartChangedReplySchema, await browser.call("PATCH", `/cart/items/${scarce._id}`, { json: { quantity: 99 } }), 200);
    expect(patched.message).toBe(`Only 3 in stock: your cart holds 3 of ${scarce.partsname}.`);
    expect((await cartOf(browser)).lines.map((line) => line.quantity)).toEqual([3, 4, 4]);
  });

  it("refuses an unknown part (404) and one out of stock (409), changing nothing", async () => {
    const part = await makePart({ quantity: 5 });
    const empty = await makePart({ quantity: 0 });
    const browser = visitor();
    await added(browser, part._id, 1);
    const unknown = await add(browser, "0123456789abcdef01234567", 1);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: "No part with this id." });
    const out = await add(browser, empty._id, 1);
    expect(out.status).toBe(409);
    expect(out.body).toEqual({ success: false, message: `Out of stock: ${empty.partsname}.` });
    expect((await browser.call("PATCH", `/cart/items/${empty._id}`, { json: { quantity: 1 } })).status).toBe(404);
    expect((await cartOf(browser)).lines.map((line) => line.quantity)).toEqual([1]);
  });

  it("holds at most 50 different parts", async () => {
    const parts = await Part.insertMany(Array.from({ length: 51 }, (_, i) => ({ partsname: `Bulk part ${i}`, image: "https://example.com/part.png", price: 1, quantity: 10, minOrder: 1, description: "A part made by a test." })));
    const browser = visitor();
    for (const part of parts.slice(0, 50)) await added(browser, part._id, 1);
    const refused = await add(browser, parts[50]!._id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: expect.stringContaining("at most 50") });
    expect((await cartOf(browser)).itemCount).toBe(50);
  });
});

describe("notices on a line", () => {
  it("tell of stock now short, stock gone, a price changed since it was added and a part deleted since", async () => {
    const short = await makePart({ quantity: 10, price: 10 });
    const gone = await makePart({ quantity: 10 });
    const deleted = await makePart({ quantity: 10 });
    const browser = visitor();
    await added(browser, short._id, 5);
    await added(browser, gone._id, 2);
    await added(browser, deleted._id, 1);
    await Part.updateOne({ _id: short._id }, { $set: { quantity: 3, price: 12 } });
    await Part.updateOne({ _id: gone._id }, { $set: { quantity: 0 } });
    await Part.deleteOne({ _id: deleted._id });
    const cart = await cartOf(browser);
    expect(lineOf(cart, short._id)).toMatchObject({ quantity: 5, unitPrice: 12, total: 60, maxOrder: 3, notices: ["Only 3 left", "The price changed from $10.00 to $12.00 since you added it"] });
    expect(lineOf(cart, gone._id)).toMatchObject({ inStock: false, notices: ["Out of stock"] });
    expect(lineOf(cart, deleted._id)).toMatchObject({ partsname: deleted.partsname, partDeleted: true, total: 0, notices: [expect.stringMatching(/no longer sold/i)] });
    const patch = await browser.call("PATCH", `/cart/items/${deleted._id}`, { json: { quantity: 2 } });
    expect(patch.status).toBe(409);
    expect(patch.body).toMatchObject({ message: `${deleted.partsname} is no longer sold: remove it from your cart.` });
    expect((await browser.delete(`/cart/items/${deleted._id}`)).status).toBe(200);
    // Adding again at today's price: the customer has seen it.
    await Part.updateOne({ _id: short._id }, { $set: { quantity: 30 } });
    expect(lineOf((await added(browser, short._id, 1)).cart, short._id)?.notices).toEqual([]);
  });
});

describe("bad input", () => {
  it("gets a clear 4xx and changes nothing", async () => {
    const part = await makePart({ quantity: 10 });
    const browser = visitor();
    await added(browser, part._id, 2);
    const cases: [string, string, unknown, number][] = [
      ["POST", "/cart/items", { partId: "not-an-id", quantity: 1 }, 400],
      ["POST", "/cart/items", { partId: { $gt: "" }, quantity: 1 }, 400],
      ["POST", "/cart/items", { quantity: 1 }, 400],
      ["POST", "/cart/items", { partId: String(part._id) }, 400],
      ...[0, -1, 1.5, "abc", "1e3", "", null, 10_000_001, { $gt: 0 }].map((quantity): [string, string, unknown, number] => ["POST", "/cart/items", { partId: String(part._id), quantity }, 400]),
      ["POST", "/cart/items", [1, 2], 400],
      ["PATCH", `/cart/items/${part._id}`, { quantity: -1 }, 400],
      ["PATCH", `/cart/items/${part._id}`, { quantity: "2.5" }, 400],
      ["PATCH", "/cart/items/not-an-id", { quantity: 1 }, 400],
      ["DELETE", "/cart/items/0123456789abcdef0123456z", undefined, 400],
    ];
    for (const [method, path, json, status] of cases) {
      const reply = await browser.call(method, path, json === undefined ? {} : { json });
      expect(reply.status, `${method} ${path} ${JSON.stringify(json)}: ${JSON.stringify(reply.body)}`).toBe(status);
      expect(reply.body).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect((await browser.call("POST", "/cart/items", { body: "{not json", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await browser.call("POST", "/cart/items", { body: "partId=1", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    const huge = await browser.post("/cart/items", { partId: String(part._id), quantity: 1, padding: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect((await cartOf(browser)).lines.map((line) => line.quantity)).toEqual([2]);
  });
});

describe("a signed-in customer's cart", () => {
  it("is the account's: the same on every device", async () => {
    const part = await makePart({ quantity: 10 });
    const other = await makePart({ quantity: 10 });
    const phone = new Client(world.server.baseUrl);
    await phone.signIn(ALICE, "secret-pass-1");
    await added(world.alice, part._id, 2);
    expect(lineOf(await cartOf(phone), part._id)?.quantity).toBe(2);
    await added(phone, other._id, 1);
    conforms(cartChangedReplySchema, await phone.call("PATCH", `/cart/items/${part._id}`, { json: { quantity: 4 } }), 200);
    const laptop = await cartOf(world.alice);
    expect(laptop.lines.map((line) => [line.partId, line.quantity])).toEqual([
      [String(part._id), 4],
      [String(other._id), 1],
    ]);
    // Reading it brings this device's header count up to date.
    expect(cookieOf(world.alice, "cart-count")).toBe("5");
    expect(await cartOf(world.bob)).toMatchObject({ lines: [] });
    expect(cookieOf(world.alice, "cart")).toBeUndefined();
  });

  it("cannot be changed from another site", async () => {
    const part = await makePart({ quantity: 10 });
    const crossSite = await world.bob.post("/cart/items", { partId: String(part._id), quantity: 1 }, { origin: "https://elsewhere.example" });
    expect(crossSite.status).toBe(403);
    expect((await world.bob.delete("/cart/items", { origin: "https://elsewhere.example" })).status).toBe(403);
    expect(lineOf(await cartOf(world.bob), part._id)).toBeUndefined();
  });
});

describe("signing in or up merges the visitor's cart", () => {
  it("into an account that already had a cart: the same part summed and clamped, the customer told, the visitor's cart forgotten", async () => {
    const email = "merge-in@example.com";
    const pads = await makePart({ quantity: 4 });
    const disc = await makePart({ quantity: 10 });
    const hose = await makePart({ quantity: 10 });
    const account = await signedUpClient(world.server.baseUrl, email, "Merge In");
    await added(account, pads._id, 2);
    await added(account, disc._id, 1);
    await account.signOut();

    const browser = visitor();
    await added(browser, pads._id, 3);
    await added(browser, hose._id, 2);
    const visitorId = cookieOf(browser, "cart")!;
    await browser.signIn(email, "secret-pass-1");

    expect(cookieOf(browser, "cart")).toBeUndefined();
    const merged = JSON.parse(decodeURIComponent(cookieOf(browser, "cart-merged")!)) as string[];
    expect(merged).toEqual([`Only 4 in stock: your cart holds 4 of ${pads.partsname}.`]);
    expect(cookieOf(browser, "cart-count")).toBe("7");
    const cart = await cartOf(browser);
    expect(cart.lines.map((line) => [line.partId, line.quantity])).toEqual([
      [String(pads._id), 4],
      [String(disc._id), 1],
      [String(hose._id), 2],
    ]);
    // The visitor's cart is gone: its old cookie finds nothing.
    const replay = visitor();
    replay.setCookie("cart", visitorId);
    expect(await cartOf(replay)).toMatchObject({ lines: [] });
    expect(await Cart.exists({ _id: `visitor:${visitorId}` })).toBeNull();
  });

  it("loses nothing the visitor adds while signing in: each add is merged, or waits and lands after", async () => {
    const email = "merge-race@example.com";
    const account = await signedUpClient(world.server.baseUrl, email, "Merge Race");
    await account.signOut();
    const first = await makePart({ quantity: 50 });
    for (let round = 0; round < 3; round++) {
      const racing = await Promise.all([1, 2, 3, 4].map(() => makePart({ quantity: 50 })));
      const browser = visitor();
      await added(browser, first._id, 1);
      const sameBrowser = browser.clone();
      await Promise.all([browser.signIn(email, "secret-pass-1"), ...racing.map((part) => sameBrowser.post("/cart/items", { partId: part._id, quantity: 1 }))]);
      // Each racing unit is in the account's cart or, added after the merge, in the visitor's new cart.
      const inAccount = new Map((await cartOf(browser)).lines.map((line) => [line.partId, line.quantity]));
      const inVisitor = new Map((await cartOf(sameBrowser)).lines.map((line) => [line.partId, line.quantity]));
      for (const part of racing) expect({ round, part: String(part._id), units: (inAccount.get(String(part._id)) ?? 0) + (inVisitor.get(String(part._id)) ?? 0) }).toEqual({ round, part: String(part._id), units: 1 });
      await browser.signOut();
    }
  });

  it("into a new account at sign-up", async () => {
    const part = await makePart({ quantity: 10 });
    const browser = visitor();
    await added(browser, part._id, 3);
    await browser.signUp("merge-up@example.com", "secret-pass-1", "Merge Up");
    expect(cookieOf(browser, "cart")).toBeUndefined();
    expect(cookieOf(browser, "cart-merged")).toBeUndefined();
    expect(cookieOf(browser, "cart-count")).toBe("3");
    const elsewhere = new Client(world.server.baseUrl);
    await elsewhere.signIn("merge-up@example.com", "secret-pass-1");
    expect(lineOf(await cartOf(elsewhere), part._id)?.quantity).toBe(3);
    // Signing out leaves the browser without a cart, and its header count goes.
    await browser.signOut();
    expect(cookieOf(browser, "cart-count")).toBeUndefined();
    expect(await cartOf(browser)).toMatchObject({ lines: [] });
  });
});
