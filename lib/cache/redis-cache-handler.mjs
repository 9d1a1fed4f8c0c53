// Next's cache (ISR pages, route-handler entries, unstable_cache) shared by every server process
// through Redis: next.config.ts uses this handler when REDIS_URL is set, with Next's per-process
// memory copy off (cacheMaxMemorySize: 0), so no process serves from a copy of its own.
//
// Next checks an entry's tags only against its in-process tags manifest, after get() returned it.
// So get() reads the states of the entry's tags from Redis with the entry (one script, one round
// trip), copies them into that manifest, and Next's own rules then apply on every process: a stale
// tag serves the entry while one background render refreshes it, an expired one renders afresh.
// get() itself also refuses an entry whose tags expired after it was stored.
//
// Redis down or slow (lib/redis/connection.mjs answers within REDIS_TIMEOUT_MS): get is a miss,
// set is skipped, revalidateTag reaches this process only. Never an error page.
//
// Plain JavaScript: Next loads this file itself at run time, and `next build` uses it too.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import tagsManifestModule from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { applyLocally, offerLocalTagStates } from "./local-tag-states.mjs";
import { onRedis } from "../redis/connection.mjs";
import { decodeEntry, encodeEntry, tagsOfEntry } from "./cache-entry-codec.mjs";
import { LocalCopies } from "./local-copies.mjs";
import { withScriptHashes } from "./script-hashes.mjs";
import { ENTRY_LIFETIME_MS, READ_ENTRY_SCRIPT, entryKeyPrefix, revalidationOf, revalidationUnshared, shareRevalidation, statesOfReply, tagStatesKey } from "./shared-tags.mjs";

// Node hands over the CommonJS exports object; a bundler its default export.
const { areTagsExpired } = tagsManifestModule.default ?? tagsManifestModule;
offerLocalTagStates();

/** DEPLOYMENT_ID, else the build's id: entries of one build are never served by another. */
function readDeploymentId(serverDistDir) {
  if (process.env.DEPLOYMENT_ID) return process.env.DEPLOYMENT_ID;
  try {
    return readFileSync(path.join(serverDistDir ?? "", "..", "BUILD_ID"), "utf8").trim();
  } catch {
    // While `next build` runs, before it wrote its id: nothing stored then is served by a server.
    return "building";
  }
}

// Next makes a handler per request: the build's id is read once per build folder, not per request.
const deploymentIds = new Map();
function deploymentId(serverDistDir) {
  const known = deploymentIds.get(serverDistDir);
  if (known !== undefined && known !== "building") return known;
  const id = readDeploymentId(serverDistDir);
  deploymentIds.set(serverDistDir, id);
  return id;
}

/** An entry's lifetime in Redis: its own expiry (cacheControl.expire, seconds) when shorter than a day. */
function lifetimeMs(cacheControl) {
  const expire = cacheControl?.expire;
  return typeof expire === "number" && expire > 0 ? Math.min(ENTRY_LIFETIME_MS, expire * 1000) : ENTRY_LIFETIME_MS;
}

const COPIES = Symbol.for("autoparts.cache.localCopies");
/** What unstable_cache stores for a lookup that found nothing: `null` or an empty list, as JSON. */
const NOTHING_FOUND = new Set(["null", "[]"]);

export default class SharedCacheHandler {
  constructor(options) {
    this.prefix = entryKeyPrefix(deploymentId(options?.serverDistDir));
    // Next makes a handler per request: the copies belong to the process (and to every copy of
    // this module Next may load in it).
    this.copies = globalThis[COPIES] ??= new LocalCopies();
  }

  resetRequestCache() {}

  async get(key, ctx) {
    // The data cache's tags come with the call; a page's were stored in its headers.
    const callerTags = ctx?.kind === "FETCH" ? [...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : [];
    // A revalidation Redis missed is made good before anything is served from Redis again.
    if (revalidationUnshared() && !(await shareRevalidation([]))) return null;
    const copy = this.copies.get(key);
    const answer = await onRedis((client) =>
      client.eval(READ_ENTRY_SCRIPT, { keys: [this.prefix + key, tagStatesKey()], arguments: [callerTags.join(","), copy?.version ?? ""] }),
    );
    if (!answer.ok || !answer.value) return null;
    const [text, storedAt, tags, states, version] = answer.value;
    applyLocally(statesOfReply(tags, states));
    const lastModified = Number(storedAt);
    if (areTagsExpired(tags, lastModified)) return null;
    // Redis holds the version this process has a copy of, so it did not send it again.
    if (text === "") return copy?.version === version ? { lastModified, ...copy.entry } : null;
    try {
      const entry = decodeEntry(text);
      if (version) this.copies.set(key, version, entry, text.length);
      return { lastModified, ...entry };
    } catch {
      // An entry written by an incompatible version of this handler: render afresh instead.
      return null;
    }
  }

  async set(key, data, ctx) {
    // A page's CSP hashes (lib/cache/script-hashes.mjs) are stored with it, so every process serves them.
    withScriptHashes(data);
    const redisKey = this.prefix + key;
    this.copies.delete(key);
    if (data?.kind === "APP_PAGE" && data.status === 404) {
      // Made-up URLs must not fill the cache (lib/cache/isr-cache-handler.mjs); a page that existed
      // and is gone (a deleted part) must not keep its old entry either.
      await onRedis((client) => client.del(redisKey));
      return;
    }
    // A lookup that found nothing (a made-up part id, a list past its end) is cheap to make again
    // and keyed by what the visitor typed: stored, any visitor could fill Redis with them.
    if (!data || (data.kind === "FETCH" && NOTHING_FOUND.has(data.data?.body))) return void (await onRedis((client) => client.del(redisKey)));
    const cacheControl = ctx?.fetchCache ? undefined : ctx?.cacheControl;
    // A version of its own per write: two processes may store one key within the same millisecond.
    const version = randomUUID();
    const fields = { value: encodeEntry(data, cacheControl), lastModified: String(Date.now()), tags: tagsOfEntry(data, ctx).join(","), version };
    const stored = await onRedis((client) => client.multi().hSet(redisKey, fields).pExpire(redisKey, lifetimeMs(cacheControl)).exec());
    if (stored.ok) this.copies.set(key, version, cacheControl === undefined ? { value: data } : { value: data, cacheControl }, fields.value.length);
  }

  async revalidateTag(tags, durations) {
    const list = typeof tags === "string" ? [tags] : tags;
    if (list.length === 0) return;
    const revalidation = revalidationOf(list, durations);
    applyLocally(revalidation);
    await shareRevalidation(revalidation);
  }
}
