import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { forgetSharedRead, sharedRead } from "@/lib/storage/shared-reads";
import { userPage } from "@/lib/users/list";
import { burnPasswordCheck, verifyPassword } from "@/lib/users/password";
import { type AccountView, type Profile, toAccount, toProfile } from "@/lib/users/views";
import { normaliseEmail } from "@/lib/validation/auth";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import { type Role, User } from "@/models/User";

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

/** Whether the account can sign in with a password (accounts made by a Google sign-in cannot, until their owner sets one). */
export async function hasPassword(email: string): Promise<boolean> {
  await connectDb();
  const user = await User.findOne({ email: normaliseEmail(email) }, { passwordHash: 1 }).lean();
  return Boolean(user?.passwordHash);
}

/** The account when the password is right, else null; unknown emails take as long as wrong passwords. */
export async function checkPassword(emailInput: string, password: string): Promise<AccountView | null> {
  await connectDb();
  const user = await User.findOne({ email: normaliseEmail(emailInput) }).select("+passwordHash").lean();
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? toAccount(user) : null;
}

export async function isAdmin(email: string): Promise<boolean> {
  await connectDb();
  return (await User.exists({ email: normaliseEmail(email), role: "admin" })) !== null;
}

/** One page of the Make Admin list: users with their role, oldest account first. */
export async function listUsers({ limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<{ email: string; role: Role }[]> {
  await connectDb();
  return userPage({ limit, skip });
}

export async function getProfile(email: string): Promise<Profile | null> {
  await connectDb();
  const user = await User.findOne({ email: normaliseEmail(email) }).lean();
  return user ? toProfile(user) : null;
}
