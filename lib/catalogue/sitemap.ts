import "server-only";
import { CATALOGUE_PAGE_SIZE, countParts, partSitemapEntries } from "@/lib/catalogue/queries";
import { REVIEWS_PATH } from "@/lib/cache/cached-routes";
import { keyId, listSize, readList } from "@/lib/db/ordered-index";
import { MODEL_YEARS_LIST } from "@/lib/fitment/menus";
import { vehiclePath } from "@/lib/fitment/vehicles";
import { absoluteUrl } from "@/lib/site/site";

// sitemap.xml is one <urlset> while everything fits in one file; past that it becomes a
// <sitemapindex> of /sitemaps/<n>.xml files (0 = the shop's pages, then the parts, then the
// vehicle pages, PARTS_PER_SITEMAP each).
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

/** Vehicle page URLs of vehicle sitemap file `chunk` (1-based), newest model years first. */
export async function vehicleUrls(chunk: number, perSitemap = PARTS_PER_SITEMAP): Promise<SitemapUrl[]> {
  const { keys } = await readList(MODEL_YEARS_LIST, { offset: (chunk - 1) * perSitemap, limit: perSitemap });
  return keys.map((key) => {
    const [year, make = "", model = ""] = keyId(key).split("|");
    return { loc: absoluteUrl(vehiclePath({ year: Number(year), make, model })) };
  });
}

async function sizes(perSitemap: number) {
  const [parts, vehicles] = await Promise.all([countParts(), listSize(MODEL_YEARS_LIST)]);
  return { parts, vehicles, partFiles: Math.ceil(parts / perSitemap), vehicleFiles: Math.ceil(vehicles / perSitemap) };
}

/** The body of /sitemap.xml: every URL when they fit in one file, else an index of the files. */
export async function sitemapXml(perSitemap = PARTS_PER_SITEMAP): Promise<string> {
  const { parts, vehicles, partFiles, vehicleFiles } = await sizes(perSitemap);
  if (parts + vehicles <= perSitemap) return renderUrlset([...pageUrls(parts), ...(await partUrls(1, perSitemap)), ...(await vehicleUrls(1, perSitemap))]);
  return renderSitemapIndex(Array.from({ length: 1 + partFiles + vehicleFiles }, (_, i) => absoluteUrl(`/sitemaps/${i}.xml`)));
}

/** The body of /sitemaps/<n>.xml, or null when there is no such file. */
export async function sitemapFileXml(n: number, perSitemap = PARTS_PER_SITEMAP): Promise<string | null> {
  const { parts, partFiles, vehicleFiles } = await sizes(perSitemap);
  if (!Number.isInteger(n) || n < 0 || n > partFiles + vehicleFiles) return null;
  if (n === 0) return renderUrlset(pageUrls(parts));
  return renderUrlset(n <= partFiles ? await partUrls(n, perSitemap) : await vehicleUrls(n - partFiles, perSitemap));
}
