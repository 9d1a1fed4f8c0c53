import { NextResponse, type NextRequest } from "next/server";
import { DEFAULT_CALLBACK_URL } from "@/lib/auth/callback-url";
import { currentSession } from "@/lib/auth/session";
import { clearSessionCookies } from "@/lib/auth/session-cookies";
import { endSessions } from "@/lib/auth/session-versions";
import { logUnexpected } from "@/lib/storage/database-down";
import { setVehicleCookie } from "@/lib/garage/vehicle-cookie";
import { HttpError } from "@/lib/http/errors";
import { CROSS_SITE_MESSAGE, assertSameOrigin } from "@/lib/http/origin";

/**
 * The header's Sign Out, a plain form: it works without JavaScript on the cached pages, which cannot
 * carry next-auth's per-visitor CSRF token. Another site cannot use it: a POST that carries the
 * session must come from the shop's own origin (assertSameOrigin; the cookie is SameSite=Lax too).
 * It does what next-auth's sign-out does here (lib/auth/options.ts): ends every session of the
 * account, forgets the browser's vehicle, deletes the cookie; then back to the home page.
 */
export async function POST(request: NextRequest): Promise<NextResponse> {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (error instanceof HttpError) return new NextResponse(CROSS_SITE_MESSAGE, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw error;
  }
  // With the database away the sessions cannot be ended, but the cookie still goes, as with next-auth's sign-out.
  await currentSession()
    .then((session) => (session ? endSessions(session.token) : undefined))
    .catch((error: unknown) => logUnexpected("[auth] ending the sessions on sign-out failed", error));
  // A relative Location, as /signout-redirect: the session cookies belong to the host the browser used.
  const response = new NextResponse(null, { status: 303, headers: { Location: DEFAULT_CALLBACK_URL } });
  setVehicleCookie(response.cookies, "");
  return clearSessionCookies(
    response,
    request.cookies.getAll().map((cookie) => cookie.name),
  );
}
