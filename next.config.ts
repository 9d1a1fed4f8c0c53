import path from "node:path";
import type { NextConfig } from "next";
import { cachedPageRewrites } from "./lib/cache/cached-routes";
import { CATALOGUE_ORDER, NARROWING_KEYS, PART_SORTS } from "./lib/catalogue/query-string";

// With REDIS_URL every server process shares one cache (lib/cache/redis-cache-handler.mjs) and keeps
// no memory copy of its own, which would serve entries another process has since replaced. Read
// when the server starts (and when it builds): the same build runs with or without Redis.
const sharedCache = Boolean(process.env.REDIS_URL?.trim());

const nextConfig: NextConfig = {
  // Separate build folders let a test build and a running shop coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // An ETag is a hash of the whole page, computed in JavaScript on every reply: 6.5% of the server's
  // processor under npm run load. The public pages are cached by the shop, not by browsers (no
  // max-age), so a 304 would save only the transfer; uploaded pictures keep their own ETag.
  generateEtags: false,
  reactStrictMode: true,
  serverExternalPackages: ["mongoose", "redis"],
  // Public pages go to their cached (ISR) rendering before the filesystem routes (lib/cache/cached-routes.ts).
  async rewrites() {
    return { beforeFiles: cachedPageRewrites({ sorts: PART_SORTS, ownOrder: CATALOGUE_ORDER, narrowingKeys: NARROWING_KEYS }), afterFiles: [], fallback: [] };
  },
  turbopack: {
    resolveAlias: { "../locales/index.js": { browser: "./lib/validation/zod-locales.ts" } },
  },
  // Next's cache, except that a 404 is never stored (lib/cache/isr-cache-handler.mjs); in Redis, shared, with REDIS_URL.
  cacheHandler: path.resolve(sharedCache ? "lib/cache/redis-cache-handler.mjs" : "lib/cache/isr-cache-handler.mjs"),
  ...(sharedCache ? { cacheMaxMemorySize: 0 } : {}),
  experimental: {
    // The ISR and data cache live in this process's memory only. On disk they would outlive the
    // process: a restart (or a test server on another database or URL) would serve pages rendered
    // from other data. A fresh process starts empty, so it always agrees with the database.
    isrFlushToDisk: false,
  },
};

export default nextConfig;
