import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { ensureIndexes } from "@/lib/seed/seed";
import { seedSynonymList } from "@/lib/search/synonym-seed";
import { SYNONYM_LIST_ID } from "@/lib/search/synonyms";
import { connectDb } from "@/lib/storage/connect";
import { synonymGroupListSchema } from "@/lib/validation/search-synonyms";
import { SearchSynonyms } from "@/models/SearchSynonyms";
import { User } from "@/models/User";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";
import { CAROL } from "../support/api";
import { Client, signedUpClient } from "../support/client";
import { startServer, type TestServer } from "../support/server";

// Two `next start` processes on one database and one Redis: each serves the synonym list from its
// cache (so a change made behind the app's back is not seen), and an admin's edit through one
// expires the other's copy before the edit's reply is sent.

type Shop = { server: TestServer; admin: Client; nobody: Client };
const PASSWORD = "secret-pass-1";

const phrasesOf = async (shop: Shop): Promise<string[][]> => {
  const reply = await shop.nobody.get("/search-synonyms?limit=100");
  expect(reply.status).toBe(200);
  return synonymGroupListSchema.parse(reply.body).map((group) => group.phrases);
};

describe("the synonym list's cache, with REDIS_URL, in two server processes", () => {
  let redis: PrivateRedis;
  let a: Shop;
  let b: Shop;
  beforeAll(async () => {
    await connectDb();
    await ensureIndexes();
    await seedSynonymList();
    redis = await startRedis();
    const servers = await Promise.all([startServer({ REDIS_URL: redis.url }), startServer({ REDIS_URL: redis.url })]);
    [a, b] = servers.map((server) => ({ server, admin: new Client(server.baseUrl, CAROL), nobody: new Client(server.baseUrl) })) as [Shop, Shop];
    await signedUpClient(a.server.baseUrl, CAROL, "Carol Admin", PASSWORD);
    await User.updateOne({ email: CAROL }, { $set: { role: "admin" } });
    await Promise.all([a.admin.signIn(CAROL, PASSWORD), b.admin.signIn(CAROL, PASSWORD)]);
  }, 180_000);
  afterAll(async () => {
    for (const shop of [a, b].filter(Boolean)) {
      const output = shop.server.output();
      await shop.server.stop();
      expect(output).not.toContain("[api] unexpected error");
    }
    await redis?.stop();
  });

  it("serves the list from the cache, and an edit through one process is seen by the other's next read", async () => {
    const before = await phrasesOf(b);
    expect(before.some((phrases) => phrases.includes("tyre"))).toBe(true);
    // Changed behind the app's back: both processes still answer from the cache.
    await SearchSynonyms.updateOne({ _id: SYNONYM_LIST_ID }, { $set: { groups: [], revision: randomUUID() } });
    expect(await phrasesOf(a)).toEqual(before);
    expect(await phrasesOf(b)).toEqual(before);

    // An admin's edit through A, then B's very next read.
    const added = await a.admin.post("/search-synonyms", { phrases: ["caliper", "brake caliper"] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await phrasesOf(b)).toEqual([["caliper", "brake caliper"]]);

    const { id } = (added.body as { group: { id: string } }).group;
    expect((await b.admin.put(`/search-synonyms/${id}`, { phrases: ["caliper", "calliper"], version: 1 })).status).toBe(200);
    expect(await phrasesOf(a)).toEqual([["caliper", "calliper"]]);

    expect((await a.admin.call("DELETE", `/search-synonyms/${id}?version=2`)).status).toBe(200);
    expect(await phrasesOf(b)).toEqual([]);
  });

  it("changes what a search finds in the other process at once, with no reindex", async () => {
    for (const partsname of ["Aluminium Radiator", "Electric Water Pump"]) {
      const reply = await a.admin.post("/carparts", { partsname, image: "https://example.com/part.png", price: 50, quantity: 5, minOrder: 1, description: `${partsname} for the synonym test.` });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    }
    const found = async (shop: Shop, q: string) => {
      const reply = await shop.nobody.call<string>("GET", `/parts?q=${q}`);
      expect(reply.status).toBe(200);
      const html = String(reply.body).replaceAll("<!-- -->", "").replace(/<\/?mark>/g, "");
      return ["Aluminium Radiator", "Electric Water Pump"].filter((name) => html.includes(name));
    };
    const added = await a.admin.post("/search-synonyms", { phrases: ["zzcooler", "radiator"] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await found(b, "zzcooler")).toEqual(["Aluminium Radiator"]);

    const { id } = (added.body as { group: { id: string } }).group;
    expect((await b.admin.put(`/search-synonyms/${id}`, { phrases: ["zzcooler", "water pump"], version: 1 })).status).toBe(200);
    expect(await found(a, "zzcooler")).toEqual(["Electric Water Pump"]);
  });
});
