import "server-only";
import { CATALOGUE_PAGE_SIZE, HOME_PART_COUNT, countParts, partSitemapEntries, type PartSitemapEntry } from "@/lib/catalogue/queries";
import { REVIEWS_PATH, pageCount } from "@/lib/cache/cached-routes";
import { MODEL_YEARS_LIST } from "@/lib/fitment/menus";
import { vehiclePath } from "@/lib/vocabulary/vehicles";
import { POLICIES_UPDATED } from "@/lib/site/policies";
import { absoluteUrl } from "@/lib/site/site";

// sitemap.xml is one <urlset> while everything fits in one file; past that it becomes a
// <sitemapindex> of /sitemaps/<n>.xml files (0 = the shop's pages, then the parts, then the
// vehicle pages, PARTS_PER_SITEMAP each).
// A page's lastmod is the last change of what it shows: a part's own; home's and a catalogue
// page's, the newest of the parts on it; a vehicle page's, the newest of the catalogue (it lists
// its model year's parts and the universal ones, and reading each vehicle's list here would cost a
// query per vehicle); the policies', the date of their terms. The reviews, blog and portfolio
// carry none: nothing records when they changed.
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

/** The newest of some ISO dates (as text they sort as dates), or undefined for none. */
function newest(parts: readonly PartSitemapEntry[]): string | undefined {
  let latest: string | undefined;
  for (const part of parts) if (latest === undefined || part.updatedAt > latest) latest = part.updatedAt;
  return latest;
}

/** Home, every catalogue page, the reviews, blog, portfolio and the policies; `catalogue`: every part, in catalogue order. */
export function pageUrls(catalogue: readonly PartSitemapEntry[]): SitemapUrl[] {
  const page = (i: number) => catalogue.slice(i * CATALOGUE_PAGE_SIZE, (i + 1) * CATALOGUE_PAGE_SIZE);
  return [
    { loc: absoluteUrl("/"), lastModified: newest(catalogue.slice(0, HOME_PART_COUNT)) },
    ...Array.from({ length: pageCount(catalogue.length, CATALOGUE_PAGE_SIZE) }, (_, i) => ({ loc: absoluteUrl(i === 0 ? "/parts" : `/parts?page=${i + 1}`), lastModified: newest(page(i)) })),
    // Its first page only: the review count is not read here, and its pages link each other.
    { loc: absoluteUrl(REVIEWS_PATH) },
    { loc: absoluteUrl("/blog") },
    { loc: absoluteUrl("/portfolio") },
    { loc: absoluteUrl("/shipping"), lastModified: POLICIES_UPDATED },
    { loc: absoluteUrl("/returns"), lastModified: POLICIES_UPDATED },
  ];
}

const partUrl = (part: PartSitemapEntry): SitemapUrl => ({ loc: absoluteUrl(`/parts/${part._id}`), lastModified: part.updatedAt });

/** Part URLs of sitemap file `chunk` (1-based), `perSitemap` parts per file. */
export async function partUrls(chunk: number, perSitemap = PARTS_PER_SITEMAP): Promise<SitemapUrl[]> {
  return (await partSitemapEntries({ skip: (chunk - 1) * perSitemap, limit: perSitemap })).map(partUrl);
}

/** Vehicle page URLs of vehicle sitemap file `chunk` (1-based), newest model years first; `lastModified`: the catalogue's last change. */
export async function vehicleUrls(chunk: number, lastModified: string | undefined, perSitemap = PARTS_PER_SITEMAP): Promise<SitemapUrl[]> {
  const { entries } = await MODEL_YEARS_LIST.page({ offset: (chunk - 1) * perSitemap, limit: perSitemap });
  return entries.map((modelYear) => ({ loc: absoluteUrl(vehiclePath(modelYear)), lastModified }));
}

async function sizes(perSitemap: number) {
  const [parts, vehicles] = await Promise.all([countParts(), MODEL_YEARS_LIST.size()]);
  return { parts, vehicles, partFiles: Math.ceil(parts / perSitemap), vehicleFiles: Math.ceil(vehicles / perSitemap) };
}

/** Every part in catalogue order with its last change: what the pages' lastmods are read from. */
const catalogueEntries = (parts: number) => partSitemapEntries({ skip: 0, limit: parts });

/** The body of /sitemap.xml: every URL when they fit in one file, else an index of the files. */
export async function sitemapXml(perSitemap = PARTS_PER_SITEMAP): Promise<string> {
  const { parts, vehicles, partFiles, vehicleFiles } = await sizes(perSitemap);
  if (parts + vehicles <= perSitemap) {
    const catalogue = await catalogueEntries(parts);
    return renderUrlset([...pageUrls(catalogue), ...catalogue.map(partUrl), ...(await vehicleUrls(1, newest(catalogue), perSitemap))]);
  }
  return renderSitemapIndex(Array.from({ length: 1 + partFiles + vehicleFiles }, (_, i) => absoluteUrl(`/sitemaps/${i}.xml`)));
}

/**
 * The body of /sitemaps/<n>.xml, or null when there is no such file. The pages' and the vehicles'
 * files read every part's last change (what all the part files read together); the data cache
 * keeps the result until a part changes (lib/cache/public-data.ts).
 */
export async function sitemapFileXml(n: number, perSitemap = PARTS_PER_SITEMAP): Promise<string | null> {
  const { parts, partFiles, vehicleFiles } = await sizes(perSitemap);
  if (!Number.isInteger(n) || n < 0 || n > partFiles + vehicleFiles) return null;
  if (n > 0 && n <= partFiles) return renderUrlset(await partUrls(n, perSitemap));
  const catalogue = await catalogueEntries(parts);
  return renderUrlset(n === 0 ? pageUrls(catalogue) : await vehicleUrls(n - partFiles, newest(catalogue), perSitemap));
}
