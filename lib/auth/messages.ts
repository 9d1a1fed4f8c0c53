// Words the sign-in and sign-up forms show. No server imports: client components use this too.

/** Same message for an unknown email and a wrong password, so neither can be told apart. */
export const WRONG_CREDENTIALS = "Wrong email or password.";
export const SIGN_IN_UNAVAILABLE = "Sign-in is not available just now. Please try again in a moment.";
export const GENERIC_SIGN_IN_FAILURE = "Could not sign you in. Please try again.";
export const ACCESS_DENIED = "This account may not sign in.";
const GOOGLE_FAILED = "Signing in with Google did not work. Please try again.";

// next-auth v4 reports these codes; SPEC 8 shows the message, never the code.
const CODE_MESSAGES: Record<string, string> = {
  CredentialsSignin: WRONG_CREDENTIALS,
  OAuthAccountNotLinked: "This email is already registered with another sign-in method. Sign in the way you did before.",
  AccessDenied: ACCESS_DENIED,
  OAuthSignin: GOOGLE_FAILED,
  OAuthCallback: GOOGLE_FAILED,
  OAuthCreateAccount: GOOGLE_FAILED,
  Callback: GOOGLE_FAILED,
  EmailCreateAccount: GENERIC_SIGN_IN_FAILURE,
  EmailSignin: GENERIC_SIGN_IN_FAILURE,
  Verification: GENERIC_SIGN_IN_FAILURE,
  SessionRequired: "Please sign in to see that page.",
  Configuration: SIGN_IN_UNAVAILABLE,
  Default: GENERIC_SIGN_IN_FAILURE,
};

/**
 * An `?error=` from the address bar (next-auth sends failed Google sign-ins there). Anyone can
 * write a link with any text in it, so only known codes are shown as such.
 */
export function addressBarErrorMessage(error: unknown): string | null {
  const code = Array.isArray(error) ? (error[0] as unknown) : error;
  if (typeof code !== "string" || code === "") return null;
  return CODE_MESSAGES[code] ?? GENERIC_SIGN_IN_FAILURE;
}
