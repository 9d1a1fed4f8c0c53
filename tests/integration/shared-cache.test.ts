import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { ensureIndexes } from "@/lib/seed/seed";
import { Part } from "@/models/Part";
import { User } from "@/models/User";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";
import { ALICE, CAROL, orderBody } from "../support/api";
import { Client, signedUpClient } from "../support/client";
import { startServer, type TestServer } from "../support/server";

// Two `next start` processes of one build on one database: with REDIS_URL they share one cache
// (lib/cache/redis-cache-handler.mjs), so what one process cached the other serves, and a write
// through either is seen by the other's very next read. Without REDIS_URL each keeps its own cache,
// and the second part of this file shows the stale read that the shared cache removes.

type PartReply = { result: { _id: string; price: number } };
type Shop = { server: TestServer; admin: Client; nobody: Client };

const PASSWORD = "secret-pass-1";

/** Two servers on this file's database, each with the administrator signed in on it. */
async function startTwoShops(env: Record<string, string>): Promise<[Shop, Shop]> {
  await connectDb();
  await ensureIndexes();
  const servers = await Promise.all([startServer(env), startServer(env)]);
  const [a, b] = servers.map((server) => ({ server, admin: new Client(server.baseUrl, CAROL), nobody: new Client(server.baseUrl) })) as [Shop, Shop];
  if (!(await User.exists({ email: CAROL }))) await signedUpClient(a.server.baseUrl, CAROL, "Carol Admin", PASSWORD);
  await User.updateOne({ email: CAROL }, { $set: { role: "admin" } });
  await Promise.all([a.admin.signIn(CAROL, PASSWORD), b.admin.signIn(CAROL, PASSWORD)]);
  return [a, b];
}

async function stopShops(shops: Shop[]): Promise<void> {
  await Promise.all(shops.map((shop) => shop.server.stop()));
  for (const shop of shops) {
    const output = shop.server.output();
    // Stopped as asked (the database and Redis connections closed), not killed after the grace time.
    expect(await shop.server.exited).toBe(0);
    expect(output).toContain("[server] stopped");
    // No request may have failed inside the app, nor a cache write inside Next.
    expect(output).not.toMatch(/\[api\] unexpected error|Failed to update prerender cache/);
    // A Redis that went away is one warning a minute at most, not one per request.
    expect((output.match(/\[redis\]/g) ?? []).length).toBeLessThanOrEqual(2);
  }
}

async function page(shop: Shop, path: string): Promise<{ status: number; html: string; cache: string | null }> {
  const reply = await shop.nobody.call<string>("GET", path);
  // React separates adjacent text with <!-- --> markers: read the page as its visitor would.
  return { status: reply.status, html: String(reply.body).replaceAll("<!-- -->", ""), cache: reply.headers.get("x-nextjs-cache") };
}

/** Whether a page shows this stock level (the part page's "N units"), not a digit run inside an id. */
const showsStock = (html: string, quantity: number) => new RegExp(`>${quantity}( units)?<`).test(html);

async function apiPrice(shop: Shop, id: string): Promise<number | undefined> {
  const reply = await shop.nobody.get<PartReply>(`/carparts/${id}`);
  expect(reply.status).toBe(200);
  return reply.body.result.price;
}

async function addPart(shop: Shop, partsname: string, price: number): Promise<string> {
  const reply = await shop.admin.post<PartReply>("/carparts", {
    partsname,
    image: "https://example.com/part.png",
    price,
    quantity: 50,
    minOrder: 1,
    description: `${partsname}, made by the shared cache test.`,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.result._id;
}

async function setPrice(shop: Shop, id: string, price: number): Promise<void> {
  const reply = await shop.admin.put(`/carparts/${id}`, { price });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

describe("with REDIS_URL: one cache for every server process", () => {
  let redis: PrivateRedis;
  let a: Shop;
  let b: Shop;
  beforeAll(async () => {
    redis = await startRedis();
    [a, b] = await startTwoShops({ REDIS_URL: redis.url });
  }, 180_000);
  afterAll(async () => {
    await stopShops([a, b].filter(Boolean));
    await redis?.stop();
  });

  it("a page and an API read cached on A are a hit on B's first request", async () => {
    const id = await addPart(a, "Shared rotor", 41);
    const path = `/parts/${id}`;
    await page(a, path);
    expect((await page(a, path)).cache).toBe("HIT");
    const first = await page(b, path);
    expect({ status: first.status, cache: first.cache }).toEqual({ status: 200, cache: "HIT" });
    expect(first.html).toContain("$41");

    // The API read: cached on A, then the database changed behind the cache's back. B answering
    // with the old price shows it answered from A's entry, not from the database.
    expect(await apiPrice(a, id)).toBe(41);
    await Part.updateOne({ _id: id }, { $set: { price: 99 } });
    expect(await apiPrice(b, id)).toBe(41);
    // Expiring the cache through A reaches B at once.
    expect((await a.admin.post("/api/cache/expire")).status).toBe(200);
    expect(await apiPrice(b, id)).toBe(99);
    expect((await page(b, path)).html).toContain("$99");
  });

  it("every kind of cached answer is served from Redis as it was from memory: pages, the icon, a 404 never stored", async () => {
    const expected: [path: string, status: number][] = [
      ["/", 200],
      ["/parts?sort=name", 200],
      ["/customer-reviews", 200],
      ["/blog", 200],
      ["/portfolio", 200],
      ["/icon.svg", 200],
      ["/cached/visitor/home/made-up", 404],
      ["/parts/0123456789abcdef01234567", 404],
    ];
    for (const [path, status] of expected) {
      const first = await page(a, path);
      const onB = await page(b, path);
      expect([path, first.status, onB.status]).toEqual([path, status, status]);
      // B serves what A stored; a 404 is rendered again every time, on either process.
      if (status === 200) expect(onB.html, path).toBe(first.html);
      else expect([path, onB.cache]).not.toEqual([path, "HIT"]);
    }
    expect((await a.nobody.get("/icon.svg")).headers.get("content-type")).toContain("image/svg+xml");
  });

  it("a price changed through A shows on B's very next read, and the reverse", async () => {
    const id = await addPart(a, "Shared pad set", 20);
    const views = ["/parts", `/parts/${id}`];
    // Both processes have every view cached.
    for (const shop of [a, b]) {
      for (const path of views) await page(shop, path);
      for (const path of views) expect((await page(shop, path)).html, path).toContain("$20");
      expect(await apiPrice(shop, id)).toBe(20);
    }

    await setPrice(a, id, 23);
    for (const path of views) expect((await page(b, path)).html, path).toContain("$23");
    expect(await apiPrice(b, id)).toBe(23);

    await setPrice(b, id, 29);
    for (const path of views) expect((await page(a, path)).html, path).toContain("$29");
    expect(await apiPrice(a, id)).toBe(29);
  });

  it("an order through A marks B's pages stale: B answers from the shared entry at once, then with the new stock", async () => {
    const id = await addPart(a, "Shared wiper", 8);
    const path = `/parts/${id}`;
    for (const shop of [a, b]) await page(shop, path);
    expect(showsStock((await page(b, path)).html, 50)).toBe(true);
    const customer = await signedUpClient(a.server.baseUrl, ALICE, "Alice Doe", PASSWORD);
    const order = await customer.post("/orderd", orderBody(id, ALICE, 3));
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    // B answers from the cache all along: the old entry marked stale, which starts one background
    // render on B, then the refreshed entry. Never a render on the request's path.
    const answers: string[] = [];
    const deadline = Date.now() + 10_000;
    for (let fresh = false; !fresh && Date.now() < deadline; ) {
      const next = await page(b, path);
      answers.push(`${next.status} ${next.cache}`);
      fresh = showsStock(next.html, 47);
      if (!fresh) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answers.at(-1)).toBe("200 HIT");
    expect(answers).toContain("200 STALE");
    expect(answers.filter((answer) => answer !== "200 HIT" && answer !== "200 STALE")).toEqual([]);
  });

  it("Redis killed under load: every request still answers, writes still show, and the cache hits again once Redis is back", async () => {
    const id = await addPart(a, "Shared brake hose", 15);
    const paths = ["/parts", `/parts/${id}`, `/carparts/${id}`, "/carparts"];
    for (const path of paths) await page(a, path);

    const statuses: number[] = [];
    let running = true;
    const load = [a, b, a, b].map(async (shop, i) => {
      for (let n = i; running; n++) statuses.push((await page(shop, paths[n % paths.length]!)).status);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await redis.kill();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Without Redis nothing is cached, so a write shows everywhere too.
    await setPrice(a, id, 17);
    expect((await page(b, `/parts/${id}`)).html).toContain("$17");
    expect(await apiPrice(b, id)).toBe(17);
    running = false;
    await Promise.all(load);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    redis = await startRedis({ port: redis.port });
    // The processes reconnect on their own (within a couple of seconds): A stores, B hits.
    const deadline = Date.now() + 20_000;
    let hit = false;
    while (!hit && Date.now() < deadline) {
      await page(a, `/parts/${id}`);
      hit = (await page(b, `/parts/${id}`)).cache === "HIT";
      if (!hit) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(hit).toBe(true);
    expect((await page(b, `/parts/${id}`)).html).toContain("$17");
  }, 60_000);
});

describe("without REDIS_URL: each process keeps its own cache", () => {
  let a: Shop;
  let b: Shop;
  beforeAll(async () => {
    [a, b] = await startTwoShops({ REDIS_URL: "" });
  }, 180_000);
  afterAll(async () => {
    await stopShops([a, b].filter(Boolean));
  });

  it("a price changed through A is not seen by B, which answers from its own cache", async () => {
    const id = await addPart(a, "Private rotor", 30);
    const path = `/parts/${id}`;
    for (const shop of [a, b]) {
      await page(shop, path);
      expect((await page(shop, path)).cache).toBe("HIT");
      expect(await apiPrice(shop, id)).toBe(30);
    }
    await setPrice(a, id, 35);
    expect((await page(a, path)).html).toContain("$35");
    // B never heard of the write: the stale read the shared cache exists to prevent.
    const onB = await page(b, path);
    expect(onB.cache).toBe("HIT");
    expect(onB.html).toContain("$30");
    expect(await apiPrice(b, id)).toBe(30);
  });
});
