import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import { authSecret } from "@/lib/auth/secret";
import { checkPassword, createAccountWithPassword, findAccount, registerUser } from "@/lib/users";
import { signInSchema, signUpSchema } from "@/lib/validation/auth";

/** Same message for an unknown email and a wrong password, so neither can be told apart. */
export const WRONG_CREDENTIALS = "Wrong email or password.";

export const googleEnabled = (): boolean => Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET);

function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? "Invalid input.";
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
      async authorize(credentials) {
        if (credentials?.mode === "signup") {
          const parsed = signUpSchema.safeParse(credentials);
          if (!parsed.success) throw new Error(firstIssue(parsed.error));
          const account = await createAccountWithPassword(parsed.data);
          return { id: account.email, email: account.email, name: account.name, image: account.image, role: account.role };
        }
        const parsed = signInSchema.safeParse(credentials);
        if (!parsed.success) throw new Error(firstIssue(parsed.error));
        const account = await checkPassword(parsed.data.email, parsed.data.password);
        if (!account) throw new Error(WRONG_CREDENTIALS);
        // SPEC's PUT /user/{email} after every sign-in: make sure the user is registered.
        await registerUser(account);
        return { id: account.email, email: account.email, name: account.name, image: account.image, role: account.role };
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
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/signin", error: "/signin" },
    providers,
    callbacks: {
      async signIn({ user, account }) {
        if (account?.provider === "google") {
          if (!user.email) return false;
          // A Google sign-in registers the user like a sign-up does.
          await registerUser({ email: user.email, name: user.name ?? undefined, image: user.image ?? undefined });
        }
        return true;
      },
      async jwt({ token, user }) {
        if (user?.email) {
          const account = await findAccount(user.email);
          token.email = user.email.toLowerCase();
          token.name = account?.name || user.name || "";
          token.picture = account?.image || user.image || "";
          token.role = account?.role ?? "user";
        }
        return token;
      },
      async session({ session, token }) {
        session.user = {
          email: token.email ?? "",
          name: token.name ?? "",
          image: token.picture ?? "",
          // The role in the token may be stale; server checks use getSessionUser(), which reads the database.
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
