import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { signInPath } from "@/lib/auth/callback-url";
import { ORIGIN_HEADER, isAdminPath, needsSignIn } from "@/lib/auth/routes";
import { authSecret } from "@/lib/auth/secret";
import { decodeSessionToken } from "@/lib/auth/token-decode";
import { cameFromAnotherSite, clearSessionCookies } from "@/lib/auth/session-cookies";
import { sessionAccount } from "@/lib/auth/session-versions";
import { sharedPageFor } from "@/lib/auth/signed-in-variant";

/**
 * The request guard (the design's "middleware"; Next 16 calls it proxy and runs it on Node.js).
 * Security headers and a page's CSP nonce are set before it, at the node:http layer
 * (lib/server/server-lifecycle.ts), where a path with a broken %-escape is also refused.
 * Signed-out visitors to /purchase and /dashboard go to sign in; the four admin pages also need
 * the admin role as the database has it now, so a promotion counts at once and a stale token
 * never grants admin. The pages check again on the server (lib/auth/guards.ts).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  // A public page, asked for with a session cookie: it may get its signed-in variant.
  if (!needsSignIn(pathname)) return sharedPageFor(request, new Headers(request.headers));
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
  const forwarded = new Headers(request.headers);
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
  // SIGNED_IN_PREFIXES (lib/auth/routes.ts), spelled out: Next reads the matcher from this file
  // without running it (tests/unit/security-header-sources.test.ts keeps the two in step).
  // Then the public pages, cached or per request (lib/cache/cached-routes.ts), only for a browser with a
  // session cookie (either name of lib/cache/audience.ts), which may get their signed-in variant (lib/auth/signed-in-variant.ts):
  // a visitor's request never runs the proxy. And the signed-in variants' internal paths (any cart count), for nobody else.
  matcher: [
    "/purchase/:path*",
    "/dashboard/:path*",
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
    { source: "/returns", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/returns", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/shipping", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/shipping", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/parts/:id([0-9a-f]{24})/vehicles", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/parts/:id([0-9a-f]{24})/vehicles", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/vehicle", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/vehicle", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/vehicles/:year/:make/:model", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/vehicles/:year/:make/:model", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/signin", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/signin", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/signup", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/signup", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    { source: "/cart", has: [{ type: "cookie", key: "next-auth.session-token" }] },
    { source: "/cart", has: [{ type: "cookie", key: "__Secure-next-auth.session-token" }] },
    "/cached/signed-in/:path*",
    "/cached/signed-in_:count/:path*",
    "/parts/:id/signed-in",
    "/parts/:id/signed-in_:count",
    "/per-request/signed-in/:path*",
    "/per-request/signed-in_:count/:path*",
  ],
};
