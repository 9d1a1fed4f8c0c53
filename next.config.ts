import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // Separate build folders let a test build and a running shop coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["mongoose"],
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
