import { connection } from "next/server";
import { sitemapXml } from "@/lib/sitemap";

// A route handler rather than app/sitemap.ts: generateSitemaps would query the database at
// build time and gives no /sitemap.xml index. This one answers from the live catalogue.
export async function GET() {
  await connection();
  return new Response(await sitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
