import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { signInPath } from "@/lib/auth/callback-url";
import { ORIGIN_HEADER, isAdminPath, needsSignIn } from "@/lib/auth/routes";
import { authSecret } from "@/lib/auth/secret";
import { decodeSessionToken } from "@/lib/auth/token-decode";
import { cameFromAnotherSite, clearSessionCookies } from "@/lib/auth/session-cookies";
import { sessionAccount } from "@/lib/auth/session-versions";
import { sharedPageFor } from "@/lib/auth/signed-in-variant";
import { NONCE_PAGE_PREFIXES, applySecurityHeaders, isHttps, newNonce, pageCsp } from "@/lib/server/security-headers";

/**
 * The pages rendered per request (NONCE_PAGE_PREFIXES): a fresh CSP nonce and the security headers
 * of lib/server/security-headers.ts; every other reply gets its headers from next.config.ts, and a path
 * with a broken %-escape never gets this far (lib/server/server-lifecycle.ts).
 * The request guard (the design's "middleware"; Next 16 calls it proxy and runs it on Node.js).
 * Signed-out visitors to /purchase and /dashboard go to sign in; the four admin pages also need
 * the admin role as the database has it now, so a promotion counts at once and a stale token
 * never grants admin. The pages check again on the server (lib/auth/guards.ts).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  // A shared page, asked for with a session cookie: it keeps the headers every shared page gets.
  if (!isNoncePage(request.nextUrl.pathname)) return sharedPageFor(request, new Headers(request.headers));
  const https = isHttps(request.nextUrl, request.headers.get("x-forwarded-proto"));
  const csp = pageCsp({ nonce: newNonce(), https });
  // Next reads the nonce from the request's CSP header and puts it on the scripts it renders.
  const forwarded = new Headers(request.headers);
  forwarded.set("content-security-policy", csp);
  const response = await guard(request, forwarded);
  applySecurityHeaders(response.headers, { csp, https });
  return response;
}

function isNoncePage(pathname: string): boolean {
  return NONCE_PAGE_PREFIXES.some((base) => pathname === base || pathname.startsWith(`${base}/`));
}

async function guard(request: NextRequest, forwarded: Headers): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (!needsSignIn(pathname)) return NextResponse.next({ request: { headers: forwarded } });
  const origin = `${pathname}${search}`;
  const token = await getToken({ req: request, secret: authSecret(), decode: decodeSessionToken });

  if (isAdminPath(pathname)) {
    // The role, and whether this session has ended, as the database has them now.
    const account = token ? await sessionAccount(token) : null;
    if (account?.role !== "admin") return signOutAndSignIn(request, origin);
  } else if (!token?.email) {
    return NextResponse.redirect(new URL(signInPath(origin), request.url));
  }

  // Layouts cannot see the URL; tell the dashboard where the visitor was going.
  forwarded.set(ORIGIN_HEADER, origin);
  return NextResponse.next({ request: { headers: forwarded } });
}

/** SPEC 4's admin guard: not an admin means signed out and sent to sign in, origin remembered. */
function signOutAndSignIn(request: NextRequest, origin: string): NextResponse {
  const response = NextResponse.redirect(new URL(signInPath(origin), request.url));
  // A link prefetch is not a visit, and another site's link is not the visitor's choice: neither signs anyone out.
  if (request.headers.has("next-router-prefetch") || request.headers.has("next-router-segment-prefetch") || cameFromAnotherSite(request.headers)) return response;
  return clearSessionCookies(
    response,
    request.cookies.getAll().map((cookie) => cookie.name),
  );
}

export const config = {
  // NONCE_PAGE_PREFIXES, spelled out: Next reads the matcher from this file without running it
  // (tests/unit/security-header-sources.test.ts keeps the two in step). The guard acts on /purchase and /dashboard.
  // Then the shared pages (lib/cache/cached-routes.ts) only for a browser with a session cookie (either
  // name of lib/cache/audience.ts), which may get their signed-in variant (lib/auth/signed-in-variant.ts):
  // a visitor's request never runs the proxy. And the signed-in variant's internal paths, for nobody else.
  matcher: [
    "/signin/:path*",
    "/signup/:path*",
    "/dashboard/:path*",
    "/purchase/:path*",
    { source: "/", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/parts", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/parts", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/parts/:id([0-9a-f]{24})", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/parts/:id([0-9a-f]{24})", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/blog", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/blog", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/portfolio", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/portfolio", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/customer-reviews", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/customer-reviews", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    "/cached/signed-in/:path*",
    "/parts/:id/signed-in",
  ],
};
