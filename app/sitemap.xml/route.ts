import { connection } from "next/server";
import { cachedSitemapXml } from "@/lib/catalogue/cached-reads";

// A route handler rather than app/sitemap.ts: generateSitemaps would query the database at
// build time and gives no /sitemap.xml index. This one answers from the live catalogue, through
// the data cache (tag "parts"), so a new or deleted part shows on the next request.
export async function GET() {
  await connection();
  return new Response(await cachedSitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
