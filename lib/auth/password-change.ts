import "server-only";
import { authRateLimits } from "@/lib/auth/rate-limit";
import { setPassword, WrongPasswordError } from "@/lib/users/accounts";
import type { PasswordChangeInput } from "@/lib/validation/auth";

/**
 * The signed-in owner changes (or first sets) the account's password; returns the new session
 * version. A wrong current password counts as a failed sign-in of that email from that address,
 * so someone holding a stolen session cannot guess the password at leisure.
 */
export async function changeOwnPassword(email: string, ip: string, input: PasswordChangeInput): Promise<number> {
  const limits = authRateLimits();
  await limits.assertSignInAllowed(email, ip);
  try {
    return await setPassword(email, input);
  } catch (error) {
    if (error instanceof WrongPasswordError) await limits.recordSignInFailure(email, ip);
    throw error;
  }
}
