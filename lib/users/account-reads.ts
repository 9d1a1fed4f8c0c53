import "server-only";
import { forgetSharedRead, sharedRead } from "@/lib/storage/shared-reads";
import { normaliseEmail } from "@/lib/validation/auth";
import { User } from "@/models/User";

// Every request of a signed-in customer reads their account (lib/auth/session-versions.ts), so
// concurrent requests of one account share one read. Every write to an account calls
// accountChanged, so no check made after it shares a read from before it.

const readKey = (email: string) => `account:${normaliseEmail(email)}`;

/** The account with this email as the database has it now (shared with concurrent readers: do not change it). */
export function readAccount(email: string) {
  const normalised = normaliseEmail(email);
  return sharedRead(readKey(normalised), () => User.findOne({ email: normalised }).lean());
}

/** The account's role or session version was just written: checks from now on read it afresh. */
export function accountChanged(email: string): void {
  forgetSharedRead(readKey(email));
}
