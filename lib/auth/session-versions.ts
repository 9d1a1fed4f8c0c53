import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { accountChanged, readAccount } from "@/lib/users/queries";
import { toAccount, type AccountView } from "@/lib/users/views";
import { normaliseEmail } from "@/lib/validation/auth";
import { User } from "@/models/User";

// A session is a JWT in a cookie: nothing on the server remembers it, so it cannot be deleted.
// Instead every token carries the account's session version at issue, and the account's version
// is raised to end all its sessions at once. It is checked wherever the role is read.

/** What a session token says about itself. */
export type SessionClaims = { email?: string | null; sessionVersion?: number };

/** The account signing in and the session version its new token is issued under, or null. */
export async function openSession(email: string): Promise<{ account: AccountView; sessionVersion: number } | null> {
  await connectDb();
  const user = await User.findOne({ email: normaliseEmail(email) }).lean();
  return user ? { account: toAccount(user), sessionVersion: user.sessionVersion ?? 0 } : null;
}

/**
 * The account as the database has it now, or null when the session has ended: signed out, a
 * password change, or a demotion since the account's sessions acted as admin (a demotion made in
 * the database by hand counts too, as the role is compared here).
 */
export async function sessionAccount(claims: SessionClaims): Promise<AccountView | null> {
  if (!claims.email) return null;
  await connectDb();
  const user = await readAccount(claims.email);
  if (!user) return null;
  const version = user.sessionVersion ?? 0;
  if ((claims.sessionVersion ?? 0) !== version) return null;
  if (user.role === "admin") {
    if (!user.adminSessions) await User.updateOne({ _id: user._id }, { $set: { adminSessions: true } });
  } else if (user.adminSessions) {
    await User.updateOne({ _id: user._id }, { $set: { sessionVersion: version + 1, adminSessions: false } });
    accountChanged(user.email);
    return null;
  }
  return toAccount(user);
}

/** Sign-out: ends every session of the account. A token that has already ended cannot end the newer ones. */
export async function endSessions(claims: SessionClaims): Promise<void> {
  if (!claims.email) return;
  await connectDb();
  const user = await User.findOne({ email: normaliseEmail(claims.email) }, { sessionVersion: 1 }).lean();
  const version = user?.sessionVersion ?? 0;
  if (!user || (claims.sessionVersion ?? 0) !== version) return;
  await User.updateOne({ _id: user._id }, { $set: { sessionVersion: version + 1 } });
  accountChanged(claims.email);
}
