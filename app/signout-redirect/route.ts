import { NextResponse, type NextRequest } from "next/server";
import { signInPath } from "@/lib/auth/callback-url";
import { cameFromAnotherSite, clearSessionCookies } from "@/lib/auth/session-cookies";

/**
 * Where requireAdminPage sends a visitor who is not an admin: signs them out, then on to sign in
 * with the origin remembered. A link from another site only gets the redirect, so it cannot sign
 * anyone out.
 */
export function GET(request: NextRequest): NextResponse {
  // A relative Location: a route handler's request.url can name another host than the browser used
  // (next start -H 127.0.0.1 reports localhost), and the session cookies belong to the browser's host.
  const response = new NextResponse(null, { status: 303, headers: { Location: signInPath(request.nextUrl.searchParams.get("callbackUrl")) } });
  if (cameFromAnotherSite(request.headers)) return response;
  return clearSessionCookies(
    response,
    request.cookies.getAll().map((cookie) => cookie.name),
  );
}
