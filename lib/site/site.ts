/** The shop's public base URL, from configuration (SITE_URL, else NEXTAUTH_URL), never hard-coded. */
export function siteUrl(): URL {
  const configured = process.env.SITE_URL || process.env.NEXTAUTH_URL || `http://localhost:${process.env.PORT || 3000}`;
  return new URL(configured);
}

export const SITE_NAME = "AutoParts Hub";

/**
 * An absolute URL on the shop for a path such as "/parts/abc". The home page is its origin with no
 * trailing slash, as Next writes its canonical link, so the sitemap and JSON-LD name it alike.
 */
export function absoluteUrl(path: string): string {
  const url = new URL(path, siteUrl());
  return url.pathname === "/" && url.search === "" && url.hash === "" ? url.origin : url.toString();
}
