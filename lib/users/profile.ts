import "server-only";
import { accountChanged } from "@/lib/users/account-reads";
import { connectDb } from "@/lib/storage/connect";
import { normaliseEmail } from "@/lib/validation/auth";
import { User } from "@/models/User";

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
    accountChanged(normalised);
    if (result.matchedCount === 0) return null;
  }
  return getProfile(normalised);
}
