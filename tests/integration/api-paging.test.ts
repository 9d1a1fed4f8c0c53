import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../support/client";
import { reindexCatalogue } from "@/lib/catalogue/reindex";
import { reindexReviews } from "@/lib/reviews/reindex";
import { reindexUsers } from "@/lib/users/reindex";
import { reindexOrders } from "@/lib/orders/reindex";
import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import * as replies from "@/lib/validation/responses";
import { Order } from "@/models/Order";
import { Part } from "@/models/Part";
import { Review } from "@/models/Review";
import { User } from "@/models/User";
import { ALICE, BOB, expirePublicCache, setUpApiWorld } from "../support/api";

// No list path reads a whole collection: without `limit` it answers the first MAX_PAGE_SIZE, as
// SPEC 7's bare array, and a full page carries an RFC 8288 Link to the next one.
const world = setUpApiWorld();

const ROWS = MAX_PAGE_SIZE + 30;
const NEXT = /^<([^>]+)>; rel="next"$/;

/** The next page's URL from the Link header, or null. */
function nextOf(headers: Headers): string | null {
  const link = headers.get("link");
  if (link === null) return null;
  const match = NEXT.exec(link);
  expect(match, `Link: ${link}`).not.toBeNull();
  return match![1]!;
}

type Item = { _id?: string; email?: string };

/** Follows the Link headers from `path`, returning every page's items. */
async function walk(client: Client, path: string): Promise<{ pages: Item[][]; paths: string[] }> {
  const pages: Item[][] = [];
  const paths: string[] = [];
  let next: string | null = path;
  while (next !== null && pages.length < 20) {
    paths.push(next);
    const reply = await client.get<Item[]>(next);
    expect(reply.status, `${next}: ${JSON.stringify(reply.body)}`).toBe(200);
    expect(Array.isArray(reply.body), next).toBe(true);
    pages.push(reply.body);
    next = nextOf(reply.headers);
  }
  return { pages, paths };
}

const ids = (items: Item[]) => items.map((item) => item._id ?? item.email);

beforeAll(async () => {
  const base = Date.UTC(2025, 0, 1);
  const at = (i: number) => new Date(base + i * 60_000);
  const parts = await Part.insertMany(
    Array.from({ length: ROWS }, (_, i) => ({ partsname: `Paging part ${i}`, image: "/parts/brake-disc.svg", price: 10, quantity: 5, description: "A part of the paging test.", createdAt: at(i) })),
  );
  // Written past the part commands, as an operator's import would be: listed by a reindex.
  await reindexCatalogue();
  await Review.insertMany(Array.from({ length: ROWS }, (_, i) => ({ rating: 4, name: `Reviewer ${i}`, email: `r${i}@example.com`, createdAt: at(i) })));
  await User.insertMany(Array.from({ length: ROWS }, (_, i) => ({ email: `paging${i}@example.com`, createdAt: at(i) })));
  // Written past the shop, as an import would be: the lists are rebuilt from the documents.
  await Promise.all([reindexReviews(), reindexUsers()]);
  const part = parts[0]!;
  await Order.insertMany(
    Array.from({ length: ROWS }, (_, i) => ({
      partId: part._id,
      partsname: part.partsname,
      unitPrice: 10,
      quantity: 1,
      total: 10,
      name: "Alice Doe",
      email: ALICE,
      phone: "555-0100",
      address: "1 Main Street",
      createdAt: at(i),
    })),
  );
  // Inserted straight into the collection: the order lists are rebuilt from it, as after an import.
  await reindexOrders();
  await expirePublicCache(world);
}, 120_000);

describe("compression of API replies", () => {
  it("a long reply is gzipped for a client that accepts it; a short one goes as it is, marked no-transform", async () => {
    const headers = { "accept-encoding": "gzip" };
    const long = await fetch(`${world.server.baseUrl}/carparts`, { headers });
    expect(long.headers.get("content-encoding")).toBe("gzip");
    expect(await long.json()).toHaveLength(MAX_PAGE_SIZE);
    const short = await fetch(`${world.server.baseUrl}/carparts?limit=1`, { headers });
    expect(short.headers.get("content-encoding")).toBeNull();
    expect(short.headers.get("cache-control")).toBe("no-transform");
    expect(await short.json()).toHaveLength(1);
  });
});

describe("GET /carparts and GET /reviews without limit", () => {
  it("answer the first 100 as a bare array, with a Link to the next page", async () => {
    const parts = await world.nobody.get("/carparts");
    expect(parts.status).toBe(200);
    const partList = replies.partListSchema.parse(parts.body);
    expect(partList).toHaveLength(MAX_PAGE_SIZE);
    expect(nextOf(parts.headers)).toBe(`/carparts?limit=${MAX_PAGE_SIZE}&skip=${MAX_PAGE_SIZE}`);
    // Oldest first: the first 100 parts made.
    const oldest = await Part.find({}, { _id: 1 }).sort({ createdAt: 1, _id: 1 }).limit(MAX_PAGE_SIZE).lean();
    expect(partList.map((p) => p._id)).toEqual(oldest.map((p) => String(p._id)));

    const reviews = await world.nobody.get("/reviews");
    expect(replies.reviewListSchema.parse(reviews.body)).toHaveLength(MAX_PAGE_SIZE);
    expect(nextOf(reviews.headers)).toBe(`/reviews?limit=${MAX_PAGE_SIZE}&skip=${MAX_PAGE_SIZE}`);
  });

  it("following the Links reads every part once, and the last (short) page has no Link", async () => {
    const { pages } = await walk(world.nobody, "/carparts");
    expect(pages.map((page) => page.length)).toEqual([MAX_PAGE_SIZE, (await Part.countDocuments()) - MAX_PAGE_SIZE]);
    const all = pages.flatMap(ids);
    expect(new Set(all).size).toBe(all.length);
  });

  it("pages of a given limit walk the reviews newest first without gaps or overlaps", async () => {
    const { pages, paths } = await walk(world.nobody, "/reviews?limit=40");
    expect(paths.slice(0, 3)).toEqual(["/reviews?limit=40", "/reviews?limit=40&skip=40", "/reviews?limit=40&skip=80"]);
    const walked = pages.flatMap(ids);
    const expected = (await Review.find({}, { _id: 1 }).sort({ createdAt: -1, _id: -1 }).lean()).map((r) => String(r._id));
    expect(walked).toEqual(expected);
    expect(pages.at(-1)!.length).toBeLessThan(40);
  });

  it("?page= without limit is pages of 20; the Link keeps the other parameters and gives limit and skip", async () => {
    const reply = await world.nobody.get("/reviews?page=2&utm_source=mail");
    expect(reply.body).toHaveLength(20);
    expect(nextOf(reply.headers)).toBe("/reviews?utm_source=mail&limit=20&skip=40");
    const next = await world.nobody.get<Item[]>(nextOf(reply.headers)!);
    const third = await world.nobody.get<Item[]>("/reviews?page=3");
    expect(ids(next.body)).toEqual(ids(third.body));
  });
});

describe("GET /user pages like GET /carparts", () => {
  it("the first 100 users, oldest first, with a Link; then the rest", async () => {
    const { pages, paths } = await walk(world.carol, "/user");
    expect(paths).toEqual(["/user", `/user?limit=${MAX_PAGE_SIZE}&skip=${MAX_PAGE_SIZE}`]);
    const users = pages.map((page) => replies.userListSchema.parse(page));
    expect(users[0]).toHaveLength(MAX_PAGE_SIZE);
    const expected = (await User.find({}, { email: 1 }).sort({ createdAt: 1, _id: 1 }).lean()).map((u) => u.email);
    expect(users.flat().map((u) => u.email)).toEqual(expected);
  });

  it("?limit=&page= and ?limit=&skip= as on GET /carparts", async () => {
    const expected = (await User.find({}, { email: 1 }).sort({ createdAt: 1, _id: 1 }).lean()).map((u) => u.email);
    const page3 = await world.carol.get<{ email: string }[]>("/user?limit=50&page=3");
    expect(page3.body.map((u) => u.email)).toEqual(expected.slice(100, 150));
    expect(page3.headers.get("link")).toBeNull();
    const skipped = await world.carol.get<{ email: string }[]>("/user?limit=5&skip=7");
    expect(skipped.body.map((u) => u.email)).toEqual(expected.slice(7, 12));
    expect(nextOf(skipped.headers)).toBe("/user?limit=5&skip=12");
  });

  it("is still for admins only", async () => {
    expect((await world.nobody.get("/user?limit=5")).status).toBe(401);
    expect((await world.alice.get("/user?limit=5")).status).toBe(403);
  });
});

describe("GET /orders/{email} pages like GET /carparts", () => {
  it("the customer's first 100 orders, newest first, with a Link; following it reads the rest", async () => {
    const { pages, paths } = await walk(world.alice, `/orders/${ALICE}`);
    expect(paths).toEqual([`/orders/${ALICE}`, `/orders/${ALICE}?limit=${MAX_PAGE_SIZE}&skip=${MAX_PAGE_SIZE}`]);
    const orders = pages.map((page) => replies.orderListSchema.parse(page));
    expect(orders.map((page) => page.length)).toEqual([MAX_PAGE_SIZE, ROWS - MAX_PAGE_SIZE]);
    const expected = (await Order.find({ email: ALICE }, { _id: 1 }).sort({ createdAt: -1, _id: -1 }).lean()).map((o) => String(o._id));
    expect(orders.flat().map((o) => o._id)).toEqual(expected);
  });

  it("an admin pages through them too; ?page= works; another customer is still refused", async () => {
    const page2 = await world.carol.get<Item[]>(`/orders/${ALICE}?limit=10&page=2`);
    expect(page2.status).toBe(200);
    const expected = (await Order.find({ email: ALICE }, { _id: 1 }).sort({ createdAt: -1, _id: -1 }).skip(10).limit(10).lean()).map((o) => String(o._id));
    expect(ids(page2.body)).toEqual(expected);
    expect(nextOf(page2.headers)).toBe(`/orders/${ALICE}?limit=10&skip=20`);
    expect((await world.bob.get(`/orders/${ALICE}?limit=10`)).status).toBe(403);
  });

  it("a customer with no orders gets [] and no Link", async () => {
    const reply = await world.bob.get(`/orders/${BOB}`);
    expect(reply.body).toEqual([]);
    expect(reply.headers.get("link")).toBeNull();
  });
});

describe("bad paging is a 400 with the same message on every list path", () => {
  const queries = ["limit=0", "limit=101", "limit=abc", "skip=-1", "skip=1&page=1", "limit=1&limit=2", "page=0", "page=1.5"];

  it.each(queries)("?%s", async (query) => {
    const reference = await world.nobody.get<{ message: string }>(`/carparts?${query}`);
    expect(reference.status).toBe(400);
    for (const [client, path] of [
      [world.nobody, "/reviews"],
      [world.carol, "/user"],
      [world.alice, `/orders/${ALICE}`],
      [world.carol, `/orders/${ALICE}`],
    ] as const) {
      const reply = await client.get<{ success: boolean; message: string }>(`${path}?${query}`);
      expect(reply.status, `${path}?${query}`).toBe(400);
      expect(reply.body, `${path}?${query}`).toEqual({ success: false, message: reference.body.message });
    }
  });

  it("names the parameter", async () => {
    expect((await world.carol.get<{ message: string }>("/user?limit=0")).body.message).toBe("limit: limit must be at least 1");
  });
});

describe("GET /openapi.json", () => {
  type Operation = { parameters?: { name: string; in: string; description: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> };

  it("documents the paging parameters, the default page and the Link header on all four list paths", async () => {
    const doc = (await world.nobody.get<{ paths: Record<string, Record<string, Operation>> }>("/openapi.json")).body;
    for (const path of ["/carparts", "/reviews", "/user", "/orders/{key}"]) {
      const get = doc.paths[path]!.get!;
      const query = (get.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      // GET /carparts also takes its vehicle filter (api-fitment.test.ts).
      expect(query, path).toEqual(path === "/carparts" ? ["limit", "skip", "page", "vehicle"] : ["limit", "skip", "page"]);
      expect(get.parameters!.find((p) => p.name === "limit")!.description, path).toContain(`Default ${MAX_PAGE_SIZE}`);
      expect(get.responses["200"]!.headers, path).toHaveProperty("Link");
      expect(get.responses, path).toHaveProperty("400");
    }
  });
});
