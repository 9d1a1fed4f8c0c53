/** The shop's public base URL, from configuration (SITE_URL, else NEXTAUTH_URL), never hard-coded. */
export function siteUrl(): URL {
  const configured = process.env.SITE_URL || process.env.NEXTAUTH_URL || `http://localhost:${process.env.PORT || 3000}`;
  return new URL(configured);
}

export const SITE_NAME = "AutoParts Hub";

/** An absolute URL on the shop for a path such as "/parts/abc". */
export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl()).toString();
}
