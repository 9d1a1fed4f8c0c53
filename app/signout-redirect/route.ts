import { NextResponse, type NextRequest } from "next/server";
import { signInPath } from "@/lib/auth/callback-url";
import { clearSessionCookies } from "@/lib/auth/session-cookies";

/**
 * Where requireAdminPage sends a visitor who is not an admin: signs them out, then on to sign in
 * with the origin remembered. A link from another site only gets the redirect, so it cannot sign
 * anyone out.
 */
export function GET(request: NextRequest): NextResponse {
  const response = NextResponse.redirect(new URL(signInPath(request.nextUrl.searchParams.get("callbackUrl")), request.url), 303);
  if (request.headers.get("sec-fetch-site") === "cross-site") return response;
  return clearSessionCookies(
    response,
    request.cookies.getAll().map((cookie) => cookie.name),
  );
}
