// Next's own cache (the in-memory ISR and data cache of next.config.ts), with one rule added: a page
// answered with 404 is never stored. Without it every made-up URL that reaches a cached page
// (/cached/visitor/home/<anything>, a catalogue page past the last, an unknown part id) would keep its own
// not-found page in memory and push real pages out. A 404 is cheap to render again: the pages
// decide it from their parameters or from one cached count, before reading anything else.
//
// Tag invalidation is Next's own, inherited unchanged: an expired tag makes the next request render
// afresh, a stale one (revalidateTag(tag, "max"), lib/cache/tags.ts) serves the stored page while one
// background render replaces it.
//
// Each page entry also carries the hashes of its inline scripts for its CSP (lib/cache/script-hashes.mjs),
// added when it is stored or first read from the build's output (the prerendered not-found page).
//
// Plain JavaScript: Next loads this file itself at run time (next.config.ts `cacheHandler`).
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { offerLocalTagStates } from "./local-tag-states.mjs";
import { withScriptHashes } from "./script-hashes.mjs";

// Node hands over the CommonJS exports object; Next's bundler (it bundles this file too) its default export.
const FileSystemCache = fileSystemCache.default ?? fileSystemCache;
offerLocalTagStates();

export default class ShopCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    // The memory copy keeps the hashes: a page read from the build's output is hashed once.
    if (entry?.value) withScriptHashes(entry.value);
    return entry;
  }

  async set(key, data, ctx) {
    // Before the 404 check: a not-found reply is sent with its hashes though it is not stored.
    withScriptHashes(data);
    if (data?.kind === "APP_PAGE" && data.status === 404) {
      // A page that existed and is gone (a deleted part) must not keep its old entry either.
      FileSystemCache.memoryCache?.remove(key);
      return;
    }
    return super.set(key, data, ctx);
  }
}
