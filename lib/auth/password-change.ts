import "server-only";
import { authRateLimits } from "@/lib/auth/rate-limit";
import { setPassword, WrongPasswordError } from "@/lib/users/commands";
import type { PasswordChangeInput } from "@/lib/validation/auth";

/**
 * The signed-in owner changes (or first sets) the account's password; returns the new session
 * version. A wrong current password counts as a failed sign-in of that email from that address,
 * so someone holding a stolen session cannot guess the password at leisure; its place in the limits
 * is taken before the password is hashed, so changes sent together cannot all check a guess. The
 * lock on the account guessed at from other addresses does not hold for its own session: an owner
 * whose password leaked must be able to change it while the guessing goes on.
 */
export async function changeOwnPassword(email: string, ip: string, input: PasswordChangeInput): Promise<number> {
  const check = await authRateLimits().reservePasswordCheck(email, ip, { owner: true });
  let sessionVersion: number;
  try {
    sessionVersion = await setPassword(email, input);
  } catch (error) {
    if (error instanceof WrongPasswordError) await check.failed();
    else await check.withdrawn();
    throw error;
  }
  // A change never cleared the sign-in failures: its places are only given back.
  await check.withdrawn();
  return sessionVersion;
}
