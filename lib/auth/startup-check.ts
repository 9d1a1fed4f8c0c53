import "server-only";
import { MissingSecretError, authSecret } from "@/lib/auth/secret";

/** A production server without NEXTAUTH_SECRET stops at start-up with one clear message, not on its first sign-in. */
export function checkAuthSecretAtStartup(): void {
  try {
    authSecret();
  } catch (error) {
    if (!(error instanceof MissingSecretError)) throw error;
    console.error(`[auth] ${error.message}`);
    process.exit(1);
  }
}
