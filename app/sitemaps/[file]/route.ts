import { connection } from "next/server";
import { cachedSitemapFileXml } from "@/lib/catalogue/cached-reads";

/** /sitemaps/<n>.xml, listed by the sitemap index once the catalogue outgrows one file. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  await connection();
  const match = /^(\d{1,6})\.xml$/.exec((await params).file);
  const xml = match ? await cachedSitemapFileXml(Number(match[1])) : null;
  if (!xml) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate" },
  });
}
