import type { NextResponse } from "next/server";

// next-auth v4's session cookie: the __Secure- name on https, and .0, .1, … when a large token is split.
const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;
const ALWAYS_CLEARED = [
  "next-auth.session-token",
  "next-auth.session-token.0",
  "next-auth.session-token.1",
  "__Secure-next-auth.session-token",
  "__Secure-next-auth.session-token.0",
  "__Secure-next-auth.session-token.1",
];

/** The session cookies to expire: the usual names plus any other chunk the browser sent. */
export function sessionCookieNames(sent: readonly string[]): string[] {
  return [...new Set([...ALWAYS_CLEARED, ...sent.filter((name) => SESSION_COOKIE.test(name))])];
}

/** Signs the browser out: a JWT session lives only in its cookie. */
export function clearSessionCookies(response: NextResponse, sent: readonly string[]): NextResponse {
  for (const name of sessionCookieNames(sent)) {
    // Browsers only accept a __Secure- cookie, even an expired one, with the Secure flag.
    response.cookies.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") });
  }
  return response;
}

/** A navigation another site started (its link or form): it may be redirected, but must not sign anyone out. */
export function cameFromAnotherSite(headers: Headers): boolean {
  return headers.get("sec-fetch-site") === "cross-site";
}
