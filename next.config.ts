import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Separate build folders let a test build and a running shop coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["mongoose"],
};

export default nextConfig;
