import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import { connectDb } from "@/lib/storage/connect";
import { normaliseEmail } from "@/lib/validation/auth";
import { User } from "@/models/User";

// A browser that has signed in to an account carries a mark for it, so the lock on an account
// guessed at from many addresses (lib/auth/rate-limit.ts) does not shut its owner out of their own
// browser. The mark is random and new at every sign-in; the account keeps only its SHA-256 digest
// (a copy of the database cannot be used as marks), for its newest browsers, and a password change
// forgets them all (lib/users/commands.ts), so a mark taken from a shared computer ends with the
// password that was known there.

export const KNOWN_BROWSER_COOKIE = "autoparts.known-browser";
/** The browsers an account remembers; the oldest is forgotten first. */
export const KNOWN_BROWSERS_PER_ACCOUNT = 10;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const MARK = /^[A-Za-z0-9_-]{43}$/;

const digestOf = (mark: string): string => createHash("sha256").update(mark).digest("base64url");

/** Every well-formed mark the request sent (a browser may hold an older one on a narrower path too). */
function marksSent(cookieHeader: unknown): string[] {
  if (typeof cookieHeader !== "string") return [];
  return cookieHeader.split(";").flatMap((part) => {
    const eq = part.indexOf("=");
    const value = part.slice(eq + 1).trim();
    return eq > 0 && part.slice(0, eq).trim() === KNOWN_BROWSER_COOKIE && MARK.test(value) ? [value] : [];
  });
}

/** The account's _id and its known browsers' digests, or null when there is no such account. */
async function knownBrowsersOf(email: string) {
  await connectDb();
  return User.findOne({ email: normaliseEmail(email) }, { knownBrowsers: 1 }).lean();
}

/** Whether the request's cookies carry a mark the account gave this browser since its password last changed. */
export async function isKnownBrowser(cookieHeader: unknown, email: string): Promise<boolean> {
  const sent = marksSent(cookieHeader).map(digestOf);
  if (sent.length === 0) return false;
  const known = (await knownBrowsersOf(email))?.knownBrowsers ?? [];
  return sent.some((digest) => known.includes(digest));
}

/**
 * Gives the browser of a successful password sign-in (or sign-up, or password change) a new mark
 * for the account, in place of the one it sent. Path "/": every way in (the sign-in page's form,
 * next-auth's endpoint) must see it.
 */
export async function rememberBrowser(email: string, cookieHeader: unknown, secure: boolean): Promise<void> {
  const user = await knownBrowsersOf(email);
  if (!user) return;
  const replaced = new Set(marksSent(cookieHeader).map(digestOf));
  const mark = randomBytes(32).toString("base64url");
  const kept = (user.knownBrowsers ?? []).filter((digest) => !replaced.has(digest));
  await User.updateOne({ _id: user._id }, { $set: { knownBrowsers: [...kept, digestOf(mark)].slice(-KNOWN_BROWSERS_PER_ACCOUNT) } });
  (await cookies()).set(KNOWN_BROWSER_COOKIE, mark, { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: MAX_AGE_SECONDS });
}
