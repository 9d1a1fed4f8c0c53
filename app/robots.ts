import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/site/site";

// Built per request: the sitemap's address follows the configured base URL, not the build machine's.
export const dynamic = "force-dynamic";

/** Private pages (ordering, accounts) and the JSON API paths of SPEC section 7. */
const PRIVATE_PATHS = [
  "/purchase",
  "/dashboard",
  "/signin",
  "/signup",
  "/api/",
  "/carparts",
  "/orderd",
  "/orders",
  "/reviews",
  "/admin",
  "/user",
  "/vehicle-years",
  "/fitment-imports",
  "/openapi.json",
  // Internal paths of the public pages (lib/cache/cached-routes.ts).
  "/cached/",
  "/per-request/",
];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: PRIVATE_PATHS }],
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
