import { connectDb } from "@/lib/db";
import { hashPassword, burnPasswordCheck, verifyPassword } from "@/lib/password";
import { normaliseEmail } from "@/lib/validation/auth";
import { User, type Role } from "@/models/User";

export type AccountView = { email: string; name: string; image: string; role: Role };

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists. Sign in instead.");
  }
}

function toAccount(user: { email: string; displayName?: string | null; photoURL?: string | null; role: Role }): AccountView {
  return { email: user.email, name: user.displayName ?? "", image: user.photoURL ?? "", role: user.role };
}

export async function findAccount(email: string): Promise<AccountView | null> {
  await connectDb();
  const user = await User.findOne({ email: normaliseEmail(email) }).lean();
  return user ? toAccount(user) : null;
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
    if (Object.keys(fill).length) await User.updateOne({ email }, { $set: fill });
    return { created: false, account: toAccount({ ...existing, ...fill }) };
  }
  try {
    const user = await User.create({ email, displayName: input.name ?? "", name: input.name ?? "", photoURL: input.image ?? "" });
    return { created: true, account: toAccount(user) };
  } catch (error) {
    // Two registrations of the same new email raced: the other one created it.
    if ((error as { code?: unknown }).code === 11000) return registerUser(input);
    throw error;
  }
}

/** Sign-up with a password: a new account only. */
export async function createAccountWithPassword(input: { email: string; password: string; name: string }): Promise<AccountView> {
  await connectDb();
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const existing = await User.findOne({ email }).select("+passwordHash").lean();
  if (existing?.passwordHash) throw new EmailTakenError();
  if (existing) {
    // Registered earlier without a password (e.g. through Google): let them add one.
    await User.updateOne({ email }, { $set: { passwordHash, displayName: existing.displayName || input.name } });
    return toAccount({ ...existing, displayName: existing.displayName || input.name });
  }
  try {
    const user = await User.create({ email, displayName: input.name, name: input.name, passwordHash });
    return toAccount(user);
  } catch (error) {
    if ((error as { code?: unknown }).code === 11000) throw new EmailTakenError();
    throw error;
  }
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
