import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { withLock } from "@/lib/storage/lock";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { dueMail, mailsRecorded } from "@/lib/mail/due";
import { openAccount } from "@/lib/users/list";
import { hashPassword, verifyPassword } from "@/lib/users/password";
import { accountChanged, getProfile } from "@/lib/users/queries";
import { type AccountView, type Profile, type ProfileChanges, toAccount } from "@/lib/users/views";
import { normaliseEmail } from "@/lib/validation/auth";
import { User } from "@/models/User";
import { isDuplicateKey } from "@/lib/storage/duplicate-key";

/** A new account's welcome, recorded in the account's own document as it is created (the seeded admin gets none). */
const welcomeMails = () => [dueMail("welcome")];

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists. Sign in instead.");
  }
}

/** SPEC's PUT /user/{email}: makes sure the user exists; idempotent. Fills a missing name or picture, never overwrites one. */
export async function registerUser(input: { email: string; name?: string; image?: string }): Promise<{ created: boolean; account: AccountView }> {
  await connectDb();
  const email = normaliseEmail(input.email);
  const existing = await User.findOne({ email }).lean();
  if (existing) {
    const fill: Record<string, string> = {};
    if (!existing.displayName && input.name) fill.displayName = input.name;
    if (!existing.photoURL && input.image) fill.photoURL = input.image;
    if (Object.keys(fill).length) {
      await User.updateOne({ email }, { $set: fill });
      accountChanged(email);
    }
    return { created: false, account: toAccount({ ...existing, ...fill }) };
  }
  try {
    const mails = welcomeMails();
    const user = await openAccount({ email, displayName: input.name ?? "", name: input.name ?? "", photoURL: input.image ?? "", mailsDue: mails });
    mailsRecorded({ userId: String(user._id) }, mails);
    return { created: true, account: toAccount(user) };
  } catch (error) {
    // Two registrations of the same new email raced: the other one created it.
    if (isDuplicateKey(error)) return registerUser(input);
    throw error;
  }
}

/**
 * Sign-up with a password: a new account only. An account that exists without a password (made by a
 * Google sign-in) is refused too: whoever signs up cannot prove they own it, so only its signed-in
 * owner may give it a password (setPassword).
 */
export async function createAccountWithPassword(input: { email: string; password: string; name: string }): Promise<AccountView> {
  await connectDb();
  const email = normaliseEmail(input.email);
  if (await User.exists({ email })) throw new EmailTakenError();
  const passwordHash = await hashPassword(input.password);
  try {
    const mails = welcomeMails();
    const user = await openAccount({ email, displayName: input.name, name: input.name, passwordHash, mailsDue: mails });
    mailsRecorded({ userId: String(user._id) }, mails);
    return toAccount(user);
  } catch (error) {
    if (isDuplicateKey(error)) throw new EmailTakenError();
    throw error;
  }
}

export class WrongPasswordError extends ForbiddenError {
  constructor() {
    super("The current password is not correct.");
  }
}

export class PasswordChangedMeanwhileError extends ConflictError {
  constructor() {
    super("The password was changed by another request at the same time; sign in again with the password now in force.");
  }
}

const ACCOUNT_BUSY = "This account is being changed by another request just now; please try again in a moment.";

export const NO_PASSWORD_TO_CHANGE = "Your account signs in with Google and has no password to change; leave the current password empty to set one.";

/**
 * The signed-in owner changes the account's password, giving the current one, or sets the first one
 * of an account that has none. Every session of the account ends, and every browser it knew is
 * forgotten (lib/auth/known-browser.ts); the new session version is returned so the caller can hand
 * its own session over to it.
 */
export async function setPassword(email: string, { currentPassword, newPassword }: { currentPassword?: string; newPassword: string }): Promise<number> {
  await connectDb();
  const found = await User.findOne({ email: normaliseEmail(email) }, { _id: 1 }).lean();
  if (!found) throw new NotFoundError("There is no user with this email.");
  // Check and write under the account's lock (the embedded database's conditional update is no
  // atomic check-and-set): of two changes sent together with the same current password, the second
  // then finds the password changed, and only one session survives at the new version.
  return withLock(`account:${String(found._id)}`, ACCOUNT_BUSY, async () => {
    const user = await User.findOne({ _id: found._id }, { passwordHash: 1, sessionVersion: 1 }).lean();
    if (!user) throw new NotFoundError("There is no user with this email.");
    if (user.passwordHash) {
      if (!currentPassword) throw new InvalidInputError("currentPassword: Enter your current password");
      if (!(await verifyPassword(currentPassword, user.passwordHash))) throw new WrongPasswordError();
    } else if (currentPassword) {
      throw new InvalidInputError(NO_PASSWORD_TO_CHANGE);
    }
    const sessionVersion = (user.sessionVersion ?? 0) + 1;
    // Conditional as well, so a write that bypassed the lock (an operator's script) is not overwritten.
    const unchanged = { _id: user._id, passwordHash: user.passwordHash ?? null, sessionVersion: user.sessionVersion ?? null };
    const { matchedCount } = await User.updateOne(unchanged, { $set: { passwordHash: await hashPassword(newPassword), sessionVersion, knownBrowsers: [] } });
    if (matchedCount !== 1) throw new PasswordChangedMeanwhileError();
    accountChanged(email);
    return sessionVersion;
  });
}

/** Makes a user an admin; null when there is no such user. modifiedCount is 0 when they already were. */
export async function promoteToAdmin(email: string): Promise<{ modifiedCount: number } | null> {
  await connectDb();
  const found = await User.findOne({ email: normaliseEmail(email) }, { _id: 1 }).lean();
  if (!found) return null;
  // Under the account's lock, since the embedded database's conditional update is no atomic
  // check-and-set: of admins promoting one user at once, one is told it promoted them.
  return withLock(`account:${String(found._id)}`, ACCOUNT_BUSY, async () => {
    const user = await User.findOne({ _id: found._id }, { role: 1 }).lean();
    if (!user || user.role === "admin") return { modifiedCount: 0 };
    const result = await User.updateOne({ _id: user._id }, { $set: { role: "admin" } });
    accountChanged(email);
    return { modifiedCount: result.modifiedCount };
  });
}

/** Updates the given profile fields ("" clears one); null when there is no such user. */
export async function updateProfile(email: string, changes: ProfileChanges): Promise<Profile | null> {
  await connectDb();
  const set: Record<string, string> = {};
  for (const key of ["name", "education", "linkdedin", "location", "phoneNumber"] as const) {
    const value = changes[key];
    if (value !== undefined) set[key] = value;
  }
  const normalised = normaliseEmail(email);
  if (Object.keys(set).length) {
    const result = await User.updateOne({ email: normalised }, { $set: set });
    accountChanged(normalised);
    if (result.matchedCount === 0) return null;
  }
  return getProfile(normalised);
}
