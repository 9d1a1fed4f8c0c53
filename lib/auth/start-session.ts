import "server-only";
import { cookies } from "next/headers";
import { encode } from "next-auth/jwt";
import { ACCESS_DENIED } from "@/lib/auth/messages";
import { SignInRefused, authOptions, sessionUserOf } from "@/lib/auth/options";
import type { AccountView } from "@/lib/users/views";

// next-auth v4's defaults, used when the options leave them out.
const THIRTY_DAYS = 30 * 24 * 60 * 60;
const SESSION_COOKIE = "next-auth.session-token";

/**
 * Signs in an account whose credentials authorizeCredentials() has just accepted, the way
 * next-auth's credentials callback does it: the same signIn and jwt callbacks, encoder and cookie,
 * so `/api/auth/session`, getServerSession() and proxy.ts read it like any other session. The sign-in
 * and sign-up forms call this from their server actions, which work before and without JavaScript.
 * The token (email, a name of at most 120 characters, a picture URL, the role) stays far below a
 * cookie's 4 KB, so it is never split into chunks as next-auth would split a large one.
 */
export async function startSession(account: AccountView): Promise<void> {
  const options = authOptions();
  const user = sessionUserOf(account);
  const providerAccount = { providerAccountId: user.id, type: "credentials" as const, provider: "credentials" };
  const allowed = (await options.callbacks?.signIn?.({ user, account: providerAccount })) ?? true;
  if (allowed !== true) throw new SignInRefused(ACCESS_DENIED);

  const maxAge = options.session?.maxAge ?? THIRTY_DAYS;
  const initial = { name: user.name, email: user.email, picture: user.image, sub: user.id };
  const token = (await options.callbacks?.jwt?.({ token: initial, user, account: providerAccount, isNewUser: false, trigger: "signIn" })) ?? initial;
  const secure = options.useSecureCookies ?? false;
  (await cookies()).set(`${secure ? "__Secure-" : ""}${SESSION_COOKIE}`, await encode({ token, secret: options.secret ?? "", maxAge }), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge,
  });
}
