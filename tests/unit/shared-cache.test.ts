import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { decodeEntry, encodeEntry, tagsOfEntry } from "@/lib/cache/cache-entry-codec.mjs";
import { LocalCopies } from "@/lib/cache/local-copies.mjs";
import SharedCacheHandler from "@/lib/cache/redis-cache-handler.mjs";
import { SCRIPT_HASHES_HEADER, inlineScriptHashes } from "@/lib/cache/script-hashes.mjs";
import { EVERY_ENTRY_TAG, EXPIRED_NOW, STALE_NOW, revalidationOf, revalidationUnshared, shareRevalidation, statesOfReply, tagStatesKey } from "@/lib/cache/shared-tags.mjs";
import { REDIS_TIMEOUT_MS, closeRedis, connectRedis, onRedis } from "@/lib/redis/connection.mjs";
import { startRedis, type PrivateRedis } from "../../scripts/services/redis.mjs";

// The pieces of the shared cache (lib/cache/redis-cache-handler.mjs) on their own; the two-process
// behaviour is tests/integration/shared-cache.test.ts.

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe("cache entries survive the trip to Redis byte for byte", () => {
  it("a page: its HTML, its RSC payload (a Buffer) and its prefetch segments (a Map of Buffers)", () => {
    const page = {
      kind: "APP_PAGE",
      html: "<p>Brake disc — 41 €</p>",
      rscData: everyByte,
      status: 200,
      headers: { "x-next-cache-tags": "parts,part:1", "x-next-cache": "HIT" },
      segmentData: new Map([
        ["/_tree", Buffer.from("tree")],
        ["/_full", everyByte.subarray(10, 20)],
      ]),
    };
    const back = decodeEntry(encodeEntry(page, { revalidate: false, expire: undefined }));
    expect(back.value).toEqual(page);
    expect(Buffer.isBuffer(back.value.rscData)).toBe(true);
    expect(back.value.segmentData).toBeInstanceOf(Map);
    expect(back.cacheControl).toEqual({ revalidate: false });
  });

  it("a page without RSC payload or segments keeps them absent", () => {
    const page = { kind: "APP_PAGE", html: "", rscData: undefined, status: 404, headers: undefined, segmentData: undefined };
    const back = decodeEntry(encodeEntry(page));
    expect(back.value.rscData).toBeUndefined();
    expect(back.value.segmentData).toBeUndefined();
    expect("cacheControl" in back).toBe(false);
  });

  it("a route handler's body (a Buffer) and a data-cache entry", () => {
    const route = { kind: "APP_ROUTE", body: everyByte, status: 200, headers: { "content-type": "application/json" } };
    expect(decodeEntry(encodeEntry(route)).value).toEqual(route);
    const fetched = { kind: "FETCH", data: { headers: {}, body: '{"price":41}', url: "" }, tags: ["parts"], revalidate: false };
    expect(decodeEntry(encodeEntry(fetched)).value).toEqual(fetched);
  });

  it("an entry's tags: a page's from its header, the data cache's from the call", () => {
    expect(tagsOfEntry({ kind: "APP_PAGE", headers: { "x-next-cache-tags": "parts,stock,_N_T_/layout" } })).toEqual(["parts", "stock", "_N_T_/layout"]);
    expect(tagsOfEntry({ kind: "APP_ROUTE", headers: {} })).toEqual([]);
    expect(tagsOfEntry({ kind: "FETCH", tags: ["old"] }, { tags: ["part:1", "public"] })).toEqual(["part:1", "public"]);
  });
});

describe("tag states follow Next's FileSystemCache.revalidateTag", () => {
  it('"max" marks stale now and expires in a year; { expire: 0 } marks both now; no durations expires only', () => {
    expect(revalidationOf(["stock"], STALE_NOW, 1000)).toEqual([["stock", { stale: 1000, expired: 1000 + 365 * 24 * 3600 * 1000 }]]);
    expect(revalidationOf(["parts", "part:1"], EXPIRED_NOW, 1000)).toEqual([
      ["parts", { stale: 1000, expired: 1000 }],
      ["part:1", { stale: 1000, expired: 1000 }],
    ]);
    expect(revalidationOf(["reviews"], undefined, 1000)).toEqual([["reviews", { expired: 1000 }]]);
    expect(revalidationOf(["reviews"], {}, 1000)).toEqual([["reviews", { stale: 1000 }]]);
  });

  it("the read script's states come back per tag, only where Redis knows one", () => {
    expect(statesOfReply(["parts", "stock", "public"], ["5", "6", null, "7", null, null])).toEqual([
      ["parts", { stale: 5, expired: 6 }],
      ["stock", { expired: 7 }],
    ]);
  });
});

describe("a process's copies of the entries it read or wrote", () => {
  it("hold at most their size, letting the least recently used go first", () => {
    const copies = new LocalCopies<string>(100);
    copies.set("a", "v1", "A", 40);
    copies.set("b", "v1", "B", 40);
    copies.get("a");
    copies.set("c", "v1", "C", 40);
    expect(copies.get("b")).toBeUndefined();
    expect(copies.get("a")?.entry).toBe("A");
    expect(copies.get("c")?.entry).toBe("C");
    expect(copies.bytes).toBe(80);
    copies.set("huge", "v1", "H", 101);
    expect(copies.get("huge")).toBeUndefined();
    copies.set("a", "v2", "A2", 10);
    expect(copies.get("a")).toEqual({ version: "v2", entry: "A2", size: 10 });
    expect(copies.bytes).toBe(50);
  });
});

describe("the handler against a real Redis", () => {
  let redis: PrivateRedis;
  const handler = new SharedCacheHandler({ serverDistDir: "/nowhere/server" });
  const page = (price: number) => ({
    kind: "APP_PAGE",
    html: `<p>$${price}</p>`,
    rscData: Buffer.from(`price ${price}`),
    status: 200,
    headers: { "x-next-cache-tags": "parts,part:7,public" },
    segmentData: undefined,
  });
  // What the handler stores and serves: the page with the hashes of its inline scripts (none here), which its CSP names.
  const served = (price: number) => ({ ...page(price), headers: { ...page(price).headers, [SCRIPT_HASHES_HEADER]: inlineScriptHashes(page(price).html) } });
  const later = () => new Promise((resolve) => setTimeout(resolve, 3));

  beforeAll(async () => {
    redis = await startRedis();
    process.env.REDIS_URL = redis.url;
    expect(await connectRedis()).toBe(true);
  });
  afterAll(async () => {
    await closeRedis();
    delete process.env.REDIS_URL;
    await redis?.stop();
  });

  it("stores and serves a page with its lifetime; a 404 is never stored and removes the old entry", async () => {
    await handler.set("/parts/7", page(41), { cacheControl: { revalidate: false, expire: undefined } });
    const hit = await handler.get("/parts/7", { kind: "APP_PAGE" });
    expect(hit?.value).toEqual(served(41));
    expect(hit?.cacheControl).toEqual({ revalidate: false });
    await handler.set("/parts/7", { ...page(41), status: 404 }, {});
    expect(await handler.get("/parts/7", { kind: "APP_PAGE" })).toBeNull();
  });

  it("serves an unchanged entry from its own copy, checked with Redis on every read, and another process's newer one at once", async () => {
    const key = handler.prefix + "/parts/10";
    await handler.set("/parts/10", page(10), {});
    expect((await handler.get("/parts/10", { kind: "APP_PAGE" }))?.value).toEqual(served(10));
    // The stored text changed under the same version: only a read that did not fetch it shows the copy.
    await onRedis((client) => client.hSet(key, "value", encodeEntry(page(99), undefined)));
    expect((await handler.get("/parts/10", { kind: "APP_PAGE" }))?.value).toEqual(served(10));
    // Another process stores the page: a new version, which this process reads on its very next get.
    await onRedis((client) => client.hSet(key, { value: encodeEntry(served(11), undefined), version: "another-process", lastModified: String(Date.now()) }));
    expect((await handler.get("/parts/10", { kind: "APP_PAGE" }))?.value).toEqual(served(11));
    // Gone from Redis (evicted, expired): gone here too, whatever the copy.
    await onRedis((client) => client.del(key));
    expect(await handler.get("/parts/10", { kind: "APP_PAGE" })).toBeNull();
  });

  it("never stores a lookup that found nothing, so made-up ids and pages past the end cannot fill Redis", async () => {
    for (const body of ["null", "[]"]) {
      await handler.set(`k-nothing-${body}`, { kind: "FETCH", data: { headers: {}, body, url: "" }, revalidate: false }, { fetchCache: true, tags: ["parts"] });
      expect(await handler.get(`k-nothing-${body}`, { kind: "FETCH", tags: ["parts"] })).toBeNull();
    }
    const stored = await onRedis((client) => client.exists([handler.prefix + "k-nothing-null", handler.prefix + "k-nothing-[]"]));
    expect(stored).toEqual({ ok: true, value: 0 });
  });

  it("treats a stored value of the wrong shape as a miss, never handing it to Next", async () => {
    for (const value of ['{"value":{"kind":"APP_PAGE"}}', '{"value":{"kind":"REDIRECT","props":{}}}', '{"value":null}', "[]"]) {
      await onRedis((client) => client.hSet(handler.prefix + "/parts/bad", { value, lastModified: String(Date.now()), tags: "", version: `bad-${value}` }));
      expect(await handler.get("/parts/bad", { kind: "APP_PAGE" })).toBeNull();
    }
  });

  it("an expiry written by another process (straight to Redis) makes the entry a miss here", async () => {
    await handler.set("/parts/7", page(41), {});
    await later();
    tagsManifest.delete("part:7");
    expect(await shareRevalidation(revalidationOf(["part:7"], EXPIRED_NOW))).toBe(true);
    expect(await handler.get("/parts/7", { kind: "APP_PAGE" })).toBeNull();
    // The state was copied into this process's manifest, where Next's own checks read it.
    expect(tagsManifest.get("part:7")?.expired).toBeTypeOf("number");
  });

  it("a stale mark is served (Next refreshes it in the background) and lands in the manifest", async () => {
    await handler.set("/parts/8", { ...page(12), headers: { "x-next-cache-tags": "stock,stock:8" } }, {});
    await later();
    tagsManifest.delete("stock:8");
    await shareRevalidation(revalidationOf(["stock:8"], STALE_NOW));
    const entry = await handler.get("/parts/8", { kind: "APP_PAGE" });
    expect(entry?.value?.html).toBe("<p>$12</p>");
    expect(tagsManifest.get("stock:8")?.stale).toBeGreaterThan(entry?.lastModified ?? Infinity);
  });

  it("a data-cache entry is checked against the tags of the call too", async () => {
    const fetched = { kind: "FETCH", data: { headers: {}, body: '[{"price":41}]', url: "" }, revalidate: false };
    await handler.set("k-list", fetched, { fetchCache: true, tags: ["parts"] });
    await later();
    await handler.revalidateTag(["_N_T_/parts"], { expire: 0 });
    expect(await handler.get("k-list", { kind: "FETCH", tags: ["parts"] })).not.toBeNull();
    expect(await handler.get("k-list", { kind: "FETCH", tags: ["parts"], softTags: ["_N_T_/parts"] })).toBeNull();
  });

  it("Redis slow: a read is a miss within REDIS_TIMEOUT_MS, and the entry is there again once Redis answers", async () => {
    await handler.set("/parts/9", page(9), {});
    expect(await handler.get("/parts/9", { kind: "APP_PAGE" })).not.toBeNull();
    // Every client's commands wait 2.5 s, ours included (the PAUSE itself is answered at once).
    await onRedis((client) => client.sendCommand(["CLIENT", "PAUSE", String(2 * REDIS_TIMEOUT_MS + 500), "ALL"]));
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      expect(await handler.get("/parts/9", { kind: "APP_PAGE" })).toBeNull();
      expect(Date.now() - started).toBeLessThan(REDIS_TIMEOUT_MS + 150);
    }
    // Two unanswered in a row: Redis is left alone for a second, the next reads are misses at once.
    const next = Date.now();
    expect(await handler.get("/parts/9", { kind: "APP_PAGE" })).toBeNull();
    expect(Date.now() - next).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await handler.get("/parts/9", { kind: "APP_PAGE" })).not.toBeNull();
  });

  it("Redis gone: get is a miss and set and revalidateTag go on, within the bounded time", async () => {
    await redis.kill();
    const started = Date.now();
    expect(await handler.get("/parts/7", { kind: "APP_PAGE" })).toBeNull();
    await handler.set("/parts/7", page(41), {});
    await handler.revalidateTag("parts", { expire: 0 });
    expect(Date.now() - started).toBeLessThan(1000);
    // The revalidation still reached this process.
    expect(tagsManifest.get("parts")?.expired).toBeTypeOf("number");
  });

  it("once Redis answers again, the revalidation it missed is made good by expiring every entry", async () => {
    expect(revalidationUnshared()).toBe(true);
    redis = await startRedis({ port: redis.port });
    const deadline = Date.now() + 10_000;
    while (revalidationUnshared() && Date.now() < deadline) {
      await handler.get("/parts/7", { kind: "APP_PAGE" });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(revalidationUnshared()).toBe(false);
    const expired = await onRedis((client) => client.hGet(tagStatesKey(), `e:${EVERY_ENTRY_TAG}`));
    expect(expired.ok && Number(expired.value)).toBeGreaterThan(Date.now() - 15_000);
  });
});
