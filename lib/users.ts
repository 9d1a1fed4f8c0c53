import { connectDb } from "@/lib/db";
import { hashPassword, burnPasswordCheck, verifyPassword } from "@/lib/password";
import { normaliseEmail } from "@/lib/validation/auth";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
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

/** One page of the Make Admin list: users with their role, oldest account first. */
export async function listUsers({ limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<{ email: string; role: Role }[]> {
  await connectDb();
  const users = await User.find({}, { email: 1, role: 1 }).sort({ createdAt: 1, _id: 1 }).skip(skip).limit(limit).lean();
  return users.map((u) => ({ email: u.email, role: u.role }));
}

/** Makes a user an admin; null when there is no such user. modifiedCount is 0 when they already were. */
export async function promoteToAdmin(email: string): Promise<{ modifiedCount: number } | null> {
  await connectDb();
  const user = await User.findOne({ email: normaliseEmail(email) }, { role: 1 }).lean();
  if (!user) return null;
  if (user.role === "admin") return { modifiedCount: 0 };
  const result = await User.updateOne({ _id: user._id }, { $set: { role: "admin" } });
  return { modifiedCount: result.modifiedCount };
}

/** SPEC 3's profile, spelled as the spec spells it. */
export type Profile = { name: string; email: string; education: string; linkdedin: string; location: string; phoneNumber: string };

type ProfileSource = { email: string; name?: string | null; displayName?: string | null; education?: string | null; linkdedin?: string | null; location?: string | null; phoneNumber?: string | null };

function toProfile(user: ProfileSource): Profile {
  return {
    name: user.name || user.displayName || "",
    email: user.email,
    education: user.education ?? "",
    linkdedin: user.linkdedin ?? "",
    location: user.location ?? "",
    phoneNumber: user.phoneNumber ?? "",
  };
}

export async function getProfile(email: string): Promise<Profile | null> {
  await connectDb();
  const user = await User.findOne({ email: normaliseEmail(email) }).lean();
  return user ? toProfile(user) : null;
}

export type ProfileChanges = Partial<Omit<Profile, "email">>;

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
    if (result.matchedCount === 0) return null;
  }
  return getProfile(normalised);
}
