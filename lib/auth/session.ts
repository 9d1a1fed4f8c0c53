import "server-only";
import { encode, getToken, type JWT } from "next-auth/jwt";
import { headers } from "next/headers";
import { NextRequest, type NextResponse } from "next/server";
import { SESSION_MAX_AGE_S } from "@/lib/auth/options";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { authSecret } from "@/lib/auth/secret";
import { decodeSessionToken } from "@/lib/auth/token-decode";
import { clearSessionCookies } from "@/lib/auth/session-cookies";
import { sessionAccount } from "@/lib/auth/session-versions";
import type { AccountView } from "@/lib/users/views";

export type SessionUser = AccountView;

/** This request's session token, decoded; null when there is none or it cannot be read. */
async function sessionToken(): Promise<JWT | null> {
  const cookie = (await headers()).get("cookie");
  if (!cookie) return null;
  // Only the cookie is handed over: getToken would also take an Authorization: Bearer header,
  // which the shop never issues. An unreadable cookie is null here, never a logged stack trace.
  const request = new NextRequest("http://shop.internal/", { headers: { cookie } });
  return getToken({ req: request, secret: authSecret(), secureCookie: wantsSecureCookies(), decode: decodeSessionToken });
}

/** The session of this request and its account as the database knows them now, or null (none, or ended). */
export async function currentSession(): Promise<{ user: SessionUser; token: JWT } | null> {
  const token = await sessionToken();
  const user = token ? await sessionAccount(token) : null;
  return token && user ? { user, token } : null;
}

/**
 * The signed-in user as the database knows them now (role included), or null.
 * The JWT only says who they are; a promotion counts on the next request, and a session ended by
 * sign-out, a password change or a demotion is refused.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  return (await currentSession())?.user ?? null;
}

const sessionCookieName = (): string => `${wantsSecureCookies() ? "__Secure-" : ""}next-auth.session-token`;

/** Moves this browser's session to a new session version (after a password change ended all the others). */
export async function renewSession(response: NextResponse, request: Request, token: JWT, sessionVersion: number): Promise<NextResponse> {
  const { iat: _issued, exp: _expires, jti: _id, ...claims } = token;
  void _issued;
  void _expires;
  void _id;
  const value = await encode({ token: { ...claims, sessionVersion }, secret: authSecret(), maxAge: SESSION_MAX_AGE_S });
  // Drops any chunk of the old token, then sets the new one under the name next-auth reads.
  const sent = (request.headers.get("cookie") ?? "").split(";").map((pair) => pair.split("=", 1)[0]?.trim() ?? "");
  clearSessionCookies(response, sent);
  response.cookies.set(sessionCookieName(), value, { path: "/", httpOnly: true, sameSite: "lax", secure: wantsSecureCookies(), maxAge: SESSION_MAX_AGE_S });
  return response;
}
