import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { signInPath } from "@/lib/auth/callback-url";
import { ORIGIN_HEADER, isAdminPath, needsSignIn } from "@/lib/auth/routes";
import { authSecret } from "@/lib/auth/secret";
import { clearSessionCookies } from "@/lib/auth/session-cookies";
import { MALFORMED_PATH_MESSAGE, isApiPath, isDecodablePath } from "@/lib/request-path";
import { API_CSP, applySecurityHeaders, isHttps, isNoncelessPagePath, newNonce, pageCsp } from "@/lib/security-headers";
import { isAdmin } from "@/lib/users";

/**
 * Every reply gets the security headers of lib/security-headers.ts (pages a fresh CSP nonce).
 * The request guard (the design's "middleware"; Next 16 calls it proxy and runs it on Node.js).
 * Signed-out visitors to /purchase and /dashboard go to sign in; the four admin pages also need
 * the admin role as the database has it now, so a promotion counts at once and a stale token
 * never grants admin. The pages check again on the server (lib/auth/guards.ts).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  const https = isHttps(request.nextUrl, request.headers.get("x-forwarded-proto"));
  const api = !isDecodablePath(pathname) || isApiPath(pathname);
  const nonce = api || isNoncelessPagePath(pathname) ? null : newNonce();
  const csp = api ? API_CSP : pageCsp({ nonce, https });
  // Next reads the nonce from the request's CSP header and puts it on the scripts it renders.
  const forwarded = new Headers(request.headers);
  if (nonce) forwarded.set("content-security-policy", csp);
  const response = await guard(request, forwarded);
  applySecurityHeaders(response.headers, { csp, https });
  return response;
}

async function guard(request: NextRequest, forwarded: Headers): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (!isDecodablePath(pathname)) return malformedPath(pathname);
  if (!needsSignIn(pathname)) return NextResponse.next({ request: { headers: forwarded } });
  const origin = `${pathname}${search}`;
  const token = await getToken({ req: request, secret: authSecret() });
  const email = typeof token?.email === "string" && token.email ? token.email : null;

  if (isAdminPath(pathname)) {
    if (!email || !(await isAdmin(email))) return signOutAndSignIn(request, origin);
  } else if (needsSignIn(pathname) && !email) {
    return NextResponse.redirect(new URL(signInPath(origin), request.url));
  }

  // Layouts cannot see the URL; tell the dashboard where the visitor was going.
  forwarded.set(ORIGIN_HEADER, origin);
  return NextResponse.next({ request: { headers: forwarded } });
}

/** A path Next could not decode: 400, in the API's error shape on API paths, never the router's bare 500. */
function malformedPath(pathname: string): NextResponse {
  if (isApiPath(pathname)) return NextResponse.json({ success: false, message: MALFORMED_PATH_MESSAGE }, { status: 400 });
  return new NextResponse(`<!doctype html><title>Bad request</title><h1>Bad request</h1><p>${MALFORMED_PATH_MESSAGE} <a href="/">Go to the home page</a>.</p>`, {
    status: 400,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}

/** SPEC 4's admin guard: not an admin means signed out and sent to sign in, origin remembered. */
function signOutAndSignIn(request: NextRequest, origin: string): NextResponse {
  const response = NextResponse.redirect(new URL(signInPath(origin), request.url));
  // A link prefetch is not a visit: it must not sign anyone out.
  if (request.headers.has("next-router-prefetch") || request.headers.has("next-router-segment-prefetch")) return response;
  return clearSessionCookies(
    response,
    request.cookies.getAll().map((cookie) => cookie.name),
  );
}

export const config = {
  // Every path but Next's own static assets: the guard itself acts only on /purchase and /dashboard.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
