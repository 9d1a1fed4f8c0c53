/**
 * Session, CSRF and callback cookies (and the vehicle cookie) are httpOnly and SameSite=Lax (next-auth's defaults), and
 * Secure with the __Secure-/__Host- prefixes whenever the shop's public URL is https.
 */
export function wantsSecureCookies(env: Record<string, string | undefined> = process.env): boolean {
  return (env.NEXTAUTH_URL ?? env.SITE_URL ?? "").trim().toLowerCase().startsWith("https://");
}
