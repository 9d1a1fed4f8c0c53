import "server-only";
import { CATALOGUE_PAGE_SIZE, countParts, partSitemapEntries } from "@/lib/catalogue/queries";
import { REVIEWS_PATH } from "@/lib/cache/cached-routes";
import { absoluteUrl } from "@/lib/site/site";

// sitemap.xml is one <urlset> while everything fits in one file; past that it becomes a
// <sitemapindex> of /sitemaps/<n>.xml files (0 = the shop's pages, 1.. = the parts).
// Google's limit is 50,000 URLs per file; smaller files keep each request cheap.
export const PARTS_PER_SITEMAP = 5000;

export type SitemapUrl = { loc: string; lastModified?: string };

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export function renderUrlset(urls: SitemapUrl[]): string {
  const body = urls
    .map((u) => `<url>\n<loc>${escapeXml(u.loc)}</loc>\n${u.lastModified ? `<lastmod>${u.lastModified}</lastmod>\n` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function renderSitemapIndex(locs: string[]): string {
  const body = locs.map((loc) => `<sitemap>\n<loc>${escapeXml(loc)}</loc>\n</sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** Home, every catalogue page, the reviews, blog and portfolio. */
export function pageUrls(partCount: number): SitemapUrl[] {
  const cataloguePages = Math.max(1, Math.ceil(partCount / CATALOGUE_PAGE_SIZE));
  return [
    { loc: absoluteUrl("/") },
    ...Array.from({ length: cataloguePages }, (_, i) => ({ loc: absoluteUrl(i === 0 ? "/parts" : `/parts?page=${i + 1}`) })),
    // Its first page only: the review count is not read here, and its pages link each other.
    { loc: absoluteUrl(REVIEWS_PATH) },
    { loc: absoluteUrl("/blog") },
    { loc: absoluteUrl("/portfolio") },
  ];
}

/** Part URLs of sitemap file `chunk` (1-based), `perSitemap` parts per file. */
export async function partUrls(chunk: number, perSitemap = PARTS_PER_SITEMAP): Promise<SitemapUrl[]> {
  const entries = await partSitemapEntries({ skip: (chunk - 1) * perSitemap, limit: perSitemap });
  return entries.map((p) => ({ loc: absoluteUrl(`/parts/${p._id}`), lastModified: p.updatedAt }));
}

/** The body of /sitemap.xml: every URL when they fit in one file, else an index of the files. */
export async function sitemapXml(perSitemap = PARTS_PER_SITEMAP): Promise<string> {
  const partCount = await countParts();
  if (partCount <= perSitemap) return renderUrlset([...pageUrls(partCount), ...(await partUrls(1, perSitemap))]);
  const partFiles = Math.ceil(partCount / perSitemap);
  return renderSitemapIndex(Array.from({ length: partFiles + 1 }, (_, i) => absoluteUrl(`/sitemaps/${i}.xml`)));
}

/** The body of /sitemaps/<n>.xml, or null when there is no such file. */
export async function sitemapFileXml(n: number, perSitemap = PARTS_PER_SITEMAP): Promise<string | null> {
  const partCount = await countParts();
  if (!Number.isInteger(n) || n < 0 || n > Math.ceil(partCount / perSitemap)) return null;
  return renderUrlset(n === 0 ? pageUrls(partCount) : await partUrls(n, perSitemap));
}
