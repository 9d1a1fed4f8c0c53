import { createHmac, timingSafeEqual } from "node:crypto";
import { cookies } from "next/headers";

// A browser that has signed in to an account before carries a mark for it, so the lock on an
// account guessed at from many addresses (lib/auth/rate-limit.ts) does not shut its owner out of
// their own browser. The mark is an HMAC of the email under the session secret: it says nothing
// anyone could read, and nobody can make one without the secret.

export const KNOWN_BROWSER_COOKIE = "autoparts.known-browser";
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function markFor(email: string, secret: string): string {
  return createHmac("sha256", secret).update(`known-browser:${email.trim().toLowerCase()}`).digest("base64url");
}

function cookieValue(cookieHeader: unknown, name: string): string | null {
  if (typeof cookieHeader !== "string") return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Whether the request's cookies mark this browser as one the account's owner signed in with. */
export function isKnownBrowser(cookieHeader: unknown, email: string, secret: string): boolean {
  const sent = Buffer.from(cookieValue(cookieHeader, KNOWN_BROWSER_COOKIE) ?? "");
  const expected = Buffer.from(markFor(email, secret));
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** Marks the browser of a successful password sign-in (one account per browser: the last one). */
export async function rememberBrowser(email: string, secret: string, secure: boolean): Promise<void> {
  (await cookies()).set(KNOWN_BROWSER_COOKIE, markFor(email, secret), {
    httpOnly: true,
    sameSite: "lax",
    secure,
    // Only the sign-in endpoint reads it.
    path: "/api/auth",
    maxAge: MAX_AGE_SECONDS,
  });
}
