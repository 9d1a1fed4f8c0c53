import type { NextConfig } from "next";
import { cachedPageRewrites } from "./lib/cached-routes";
import { STATIC_SECURITY_HEADERS } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // Separate build folders let a test build and a running shop coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["mongoose"],
  // Public pages go to their cached (ISR) rendering before the filesystem routes (lib/cached-routes.ts).
  async rewrites() {
    return { beforeFiles: cachedPageRewrites(), afterFiles: [], fallback: [] };
  },
  experimental: {
    // The ISR and data cache live in this process's memory only. On disk they would outlive the
    // process: a restart (or a test server on another database or URL) would serve pages rendered
    // from other data. A fresh process starts empty, so it always agrees with the database.
    isrFlushToDisk: false,
  },
  // proxy.ts sets the security headers on every other path; Next's own static files skip the proxy.
  async headers() {
    const headers = Object.entries(STATIC_SECURITY_HEADERS).map(([key, value]) => ({ key, value }));
    return [
      { source: "/_next/static/:path*", headers },
      { source: "/_next/image", headers },
    ];
  },
};

export default nextConfig;
