import "server-only";
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import { SIGN_IN_UNAVAILABLE, WRONG_CREDENTIALS } from "@/lib/auth/messages";
import { isKnownBrowser, rememberBrowser } from "@/lib/auth/known-browser";
import { type PasswordCheck, TooManyAttemptsError, authRateLimits, clientIp } from "@/lib/auth/rate-limit";
import { redirectOnVisitorsHost } from "@/lib/auth/redirects";
import { authSecret } from "@/lib/auth/secret";
import { wantsSecureCookies } from "@/lib/auth/secure-cookies";
import { leaveCart, meetCart } from "@/lib/cart/sign-in";
import { meetGarage } from "@/lib/garage/sign-in";
import { forgetBrowserVehicle } from "@/lib/garage/vehicle-cookie";
import { endSessions, openSession, sessionAccount } from "@/lib/auth/session-versions";
import { decodeSessionToken } from "@/lib/auth/token-decode";
import { logUnexpected } from "@/lib/storage/database-down";
import { LockBusyError } from "@/lib/storage/lock";
import { PasswordHashingBusyError } from "@/lib/errors";
import { EmailTakenError, createAccountWithPassword, registerUser } from "@/lib/users/commands";
import { checkPassword } from "@/lib/users/queries";
import type { AccountView } from "@/lib/users/views";
import { signInSchema, signUpSchema } from "@/lib/validation/auth";

export { WRONG_CREDENTIALS };

/** A refusal whose message is meant for the person at the form. */
export class SignInRefused extends Error {}

/** How long a session lasts without use. */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The session a token names has ended (sign-out, a password change, a demotion). */
class SessionEndedError extends Error {
  constructor() {
    super("The session has ended; sign in again.");
  }
}

/** next-auth's default logger prints a stack trace per unreadable session cookie: one line is enough. */
function logAuthError(code: string, metadata: unknown): void {
  const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | null)?.error;
  const message = error instanceof Error ? error.message : String((metadata as { message?: unknown } | null)?.message ?? "");
  console.error(`[next-auth] ${code}: ${message.replace(/\s+/g, " ").trim()}`);
}

export const googleEnabled = (): boolean => Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET);

function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? "Invalid input.";
}

type Credentials = Record<string, string> | undefined;
type RequestHeaders = Record<string, unknown> | undefined;

async function signUp(credentials: Credentials, headers: RequestHeaders): Promise<AccountView> {
  const parsed = signUpSchema.safeParse(credentials);
  if (!parsed.success) throw new SignInRefused(firstIssue(parsed.error));
  await authRateLimits().takeSignUp(clientIp(headers));
  const account = await createAccountWithPassword(parsed.data);
  await rememberBrowser(account.email, headers?.cookie, wantsSecureCookies());
  return account;
}

async function signInWithPassword(credentials: Credentials, headers: RequestHeaders): Promise<AccountView> {
  const parsed = signInSchema.safeParse(credentials);
  if (!parsed.success) throw new SignInRefused(firstIssue(parsed.error));
  const { email, password } = parsed.data;
  const ip = clientIp(headers);
  // The limits' places are taken before the password is hashed, so requests sent together cannot
  // all pass the limit before any of their failures is counted.
  const check = await authRateLimits().reservePasswordCheck(email, ip, { owner: await isKnownBrowser(headers?.cookie, email) });
  const account = await checkedPassword(email, password, check);
  if (!account) throw new SignInRefused(WRONG_CREDENTIALS);
  await rememberBrowser(email, headers?.cookie, wantsSecureCookies());
  // SPEC's PUT /user/{email} after every sign-in: make sure the user is registered.
  await registerUser(account);
  return account;
}

/** The account when the password is right, else null; settles the check's places in the limits either way. */
async function checkedPassword(email: string, password: string, check: PasswordCheck): Promise<AccountView | null> {
  let account: AccountView | null;
  try {
    account = await checkPassword(email, password);
  } catch (error) {
    // No answer about the password (hashing busy, database down): not a failure, as before.
    await check.withdrawn();
    throw error;
  }
  if (account) await check.succeeded();
  else await check.failed();
  return account;
}

/** The user next-auth starts a session for, from a checked account. */
export function sessionUserOf(account: AccountView): User {
  return { id: account.email, email: account.email, name: account.name, image: account.image, role: account.role };
}

/**
 * Checks an email-and-password sign-in (or, with `mode: "signup"`, a sign-up): SPEC 5's rules, the
 * rate limits, the password. Used by next-auth's credentials provider and by the sign-in and
 * sign-up forms' server actions. Every refusal is a SignInRefused whose message the visitor may read.
 */
export async function authorizeCredentials(credentials: Credentials, headers: RequestHeaders): Promise<AccountView> {
  try {
    return credentials?.mode === "signup" ? await signUp(credentials, headers) : await signInWithPassword(credentials, headers);
  } catch (error) {
    if (error instanceof SignInRefused) throw error;
    // Busy (the hashing queue, a lock, a limit flooded on one key): the visitor may try again in a moment.
    const busy = error instanceof PasswordHashingBusyError || error instanceof LockBusyError;
    if (error instanceof TooManyAttemptsError || error instanceof EmailTakenError || busy) throw new SignInRefused(error.message);
    // A database outage or a bug: log it, and do not show its internals to the visitor.
    logUnexpected("[auth] sign-in unavailable", error);
    throw new SignInRefused(SIGN_IN_UNAVAILABLE);
  }
}


export function buildAuthOptions(): NextAuthOptions {
  const providers: NextAuthOptions["providers"] = [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        name: { label: "Name", type: "text" },
        mode: { label: "Mode", type: "text" },
      },
      // Thrown messages reach the form as the sign-in error (shown in red, never a code).
      async authorize(credentials, req) {
        return sessionUserOf(await authorizeCredentials(credentials, req.headers));
      },
    }),
  ];
  if (googleEnabled()) {
    providers.push(
      GoogleProvider({ clientId: process.env.GOOGLE_CLIENT_ID ?? "", clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? "" }),
    );
  }

  return {
    secret: authSecret(),
    useSecureCookies: wantsSecureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    jwt: { decode: decodeSessionToken },
    logger: { error: logAuthError },
    pages: { signIn: "/signin", error: "/signin" },
    providers,
    events: {
      // Signing out ends every session of the account, so a copy of the cookie taken before is worthless.
      async signOut({ token }) {
        await forgetBrowserVehicle();
        await leaveCart();
        await endSessions(token);
      },
    },
    callbacks: {
      // Sign-out and every other next-auth redirect stay on the host the visitor is on.
      redirect: redirectOnVisitorsHost,
      async signIn({ user, account }) {
        if (account?.provider === "google") {
          if (!user.email) return false;
          // A Google sign-in registers the user like a sign-up does.
          await registerUser({ email: user.email, name: user.name ?? undefined, image: user.image ?? undefined });
        }
        // The session stands even if the garage cannot be read just now.
        if (user.email) await meetGarage(user.email).catch((error: unknown) => logUnexpected("[garage] meeting the garage on sign-in failed", error));
        if (user.email) await meetCart(user.email).catch((error: unknown) => logUnexpected("[cart] merging the visitor's cart on sign-in failed", error));
        return true;
      },
      async jwt({ token, user }) {
        if (user?.email) {
          const opened = await openSession(user.email);
          token.email = user.email.toLowerCase();
          token.name = opened?.account.name || user.name || "";
          token.picture = opened?.account.image || user.image || "";
          token.role = opened?.account.role ?? "user";
          token.sessionVersion = opened?.sessionVersion ?? 0;
          return token;
        }
        // The browser reading its session (/api/auth/session):
        // an ended session is over here too, and next-auth then deletes its cookie.
        let account: AccountView | null;
        try {
          account = await sessionAccount(token);
        } catch (error) {
          // Database down: the header may show a session it could not confirm; every server-side
          // decision reads the database again (getSessionUser) and answers 503 meanwhile.
          logAuthError("SESSION_CHECK_UNAVAILABLE", error);
          return token;
        }
        if (!account) throw new SessionEndedError();
        token.role = account.role;
        return token;
      },
      async session({ session, token }) {
        session.user = {
          email: token.email ?? "",
          name: token.name ?? "",
          image: token.picture ?? "",
          // Server-side checks use getSessionUser(), which reads the database on every call.
          role: token.role ?? "user",
        };
        return session;
      },
    },
  };
}

let cached: NextAuthOptions | undefined;
/** Built on first use, so a missing production secret fails the first request clearly instead of the build. */
export function authOptions(): NextAuthOptions {
  return (cached ??= buildAuthOptions());
}
