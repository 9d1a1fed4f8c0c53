import "server-only";
import { publicRead } from "@/lib/cache/public-read";
import { CACHE_TAGS } from "@/lib/cache/tags";
import { countParts, findPart, listParts, searchParts, type PartSearch, type PartSearchResult } from "@/lib/catalogue/queries";
import { sitemapFileXml, sitemapXml } from "@/lib/catalogue/sitemap";
import type { PartView } from "@/lib/catalogue/views";
import { siteUrl } from "@/lib/site/site";
import type { Paging } from "@/lib/validation/common";

// The catalogue's public reads, from Next's data cache (lib/cache/public-read.ts).

/** A part by id (null when unknown or malformed); expired by that part's writes only, made stale by its stock changes. */
export function cachedPart(id: string): Promise<PartView | null> {
  // A malformed id never reaches the database nor the cache: no entry per garbage URL.
  if (!/^[0-9a-f]{24}$/i.test(id)) return Promise.resolve(null);
  const key = id.toLowerCase();
  return publicRead(() => findPart(key), ["part", key], [CACHE_TAGS.part(key), CACHE_TAGS.partStock(key)])();
}

/** Parts by id from the data cache, in this order; an id whose part is gone is left out. */
export async function cachedParts(ids: readonly string[]): Promise<PartView[]> {
  return (await Promise.all(ids.map(cachedPart))).filter((part): part is PartView => part !== null);
}

/** A page of the catalogue in its own order (home page, GET /carparts). */
export const cachedPartList = publicRead((paging: Paging): Promise<PartView[]> => listParts(paging), ["part-list"], [CACHE_TAGS.parts, CACHE_TAGS.stock]);

/** How many parts the catalogue holds: which catalogue pages exist. */
export const cachedPartCount = publicRead((): Promise<number> => countParts(), ["part-count"], [CACHE_TAGS.parts]);

/** A page of the catalogue without a search text. */
export const cachedCataloguePage = publicRead((search: Omit<PartSearch, "q">): Promise<PartSearchResult> => searchParts(search), ["catalogue-page"], [CACHE_TAGS.parts, CACHE_TAGS.stock]);

// The base URL goes into the key: the XML holds absolute URLs from runtime configuration.
export function cachedSitemapXml(): Promise<string> {
  return publicRead(() => sitemapXml(), ["sitemap", siteUrl().toString()], [CACHE_TAGS.parts])();
}

export function cachedSitemapFileXml(n: number): Promise<string | null> {
  return publicRead(() => sitemapFileXml(n), ["sitemap-file", siteUrl().toString(), String(n)], [CACHE_TAGS.parts])();
}
