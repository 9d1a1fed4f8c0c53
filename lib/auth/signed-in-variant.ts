import "server-only";
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { CART_COUNT_COOKIE, SIGNED_IN_HEADER, audienceSegment } from "@/lib/cache/audience";
import { authSecret } from "@/lib/auth/secret";
import { sessionAccount } from "@/lib/auth/session-versions";
import { decodeSessionToken } from "@/lib/auth/token-decode";

/** The internal paths of the signed-in variants (any cart count): reached through the rewrites, never as a way round the guard. */
const SIGNED_IN_INTERNAL = /^\/(?:(?:cached|per-request)\/signed-in(?:_[^/]*)?(?:\/|$)|parts\/[^/]+\/signed-in(?:_[^/]*)?$)/;

/**
 * A public page asked for with a session cookie: says whether the cookie is a live session (the
 * JWT's seal and expiry, and the account's session version), so the rewrites serve
 * the signed-in variant only then, for its cart count. A copy of the header sent by the browser never gets through.
 */
export async function sharedPageFor(request: NextRequest, forwarded: Headers): Promise<NextResponse> {
  forwarded.delete(SIGNED_IN_HEADER);
  const token = await getToken({ req: request, secret: authSecret(), decode: decodeSessionToken }).catch(() => null);
  // A sealed token whose session has ended (signed out elsewhere, password changed) is a visitor's:
  // one read of the account by its email, as every signed-in page makes.
  const signedIn = typeof token?.email === "string" && token.email !== "" && (await sessionAccount(token).catch(() => null)) !== null;
  if (signedIn) forwarded.set(SIGNED_IN_HEADER, audienceSegment("signed-in", request.cookies.get(CART_COUNT_COOKIE)?.value));
  else if (SIGNED_IN_INTERNAL.test(request.nextUrl.pathname)) return new NextResponse(null, { status: 404 });
  return NextResponse.next({ request: { headers: forwarded } });
}
