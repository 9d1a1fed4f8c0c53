import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeCallbackUrl, signInPath } from "@/lib/auth/callback-url";
import { ORIGIN_HEADER, SIGN_OUT_REDIRECT_PATH } from "@/lib/auth/routes";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";

/**
 * The path and query the visitor asked for, as proxy.ts recorded it (layouts cannot see the URL),
 * or the fallback given.
 */
export async function requestedPath(fallback: string): Promise<string> {
  const recorded = (await headers()).get(ORIGIN_HEADER);
  return recorded ? safeCallbackUrl(recorded) : fallback;
}

/** Plain guard (SPEC 4): the signed-in user, or a redirect to sign in that remembers `origin`. */
export async function requireUserPage(origin: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(signInPath(origin));
  return user;
}

/**
 * Admin guard (SPEC 4): the signed-in admin, with the role read from the database on this request.
 * Anyone else is signed out and sent to sign in, remembering `origin`.
 */
export async function requireAdminPage(origin: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (user?.role !== "admin") redirect(`${SIGN_OUT_REDIRECT_PATH}?callbackUrl=${encodeURIComponent(safeCallbackUrl(origin))}`);
  return user;
}
