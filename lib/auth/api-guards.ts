import "server-only";
import { type SessionUser, getSessionUser } from "@/lib/auth/session";
import { HttpError } from "@/lib/http/errors";

/** The signed-in user (role read fresh from the database), or a 401. */
export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw new HttpError(401, "Sign in to do this.");
  return user;
}

/** The signed-in administrator, or a 401 (no session) or 403 (not an admin). */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "admin") throw new HttpError(403, "Only an administrator can do this.");
  return user;
}

/** Lets the user act on their own account; admins too when `adminMay`. */
export function requireSelf(user: SessionUser, email: string, { adminMay = false } = {}): void {
  if (user.email === email) return;
  if (adminMay && user.role === "admin") return;
  throw new HttpError(403, adminMay ? "You can only see your own account." : "You can only do this for your own account.");
}
