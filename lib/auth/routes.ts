// Which paths the guard covers. Shared by proxy.ts and the pages, so both agree.

/** SPEC 2 and 6: only admins may reach these (and Manage Reviews, Shop Settings, Search Synonyms and Imports, beyond the spec). */
export const ADMIN_PATHS = ["/dashboard/make-admin", "/dashboard/add-product", "/dashboard/manage-orders", "/dashboard/manage-product", "/dashboard/manage-reviews", "/dashboard/shop-settings", "/dashboard/search-synonyms", "/dashboard/imports"] as const;

/** Need a signed-in user. */
export const SIGNED_IN_PREFIXES = ["/purchase", "/dashboard"] as const;

function under(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATHS.some((base) => under(pathname, base));
}

export function needsSignIn(pathname: string): boolean {
  return SIGNED_IN_PREFIXES.some((base) => under(pathname, base));
}

/** Request header in which proxy.ts tells a page the path and query the visitor asked for. */
export const ORIGIN_HEADER = "x-autoparts-origin";

/** Signs the visitor out, then sends them to sign in, remembering the origin (SPEC 4, admin guard). */
export const SIGN_OUT_REDIRECT_PATH = "/signout-redirect";
