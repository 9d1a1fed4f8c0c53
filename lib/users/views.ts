import type { Role } from "@/models/User";

/** An account as the shop passes it around: no password hash, no session version. */
export type AccountView = { email: string; name: string; image: string; role: Role };

export function toAccount(user: { email: string; displayName?: string | null; photoURL?: string | null; role: Role }): AccountView {
  return { email: user.email, name: user.displayName ?? "", image: user.photoURL ?? "", role: user.role };
}

/** SPEC 3's profile, spelled as the spec spells it. */
export type Profile = { name: string; email: string; education: string; linkdedin: string; location: string; phoneNumber: string };

export type ProfileChanges = Partial<Omit<Profile, "email">>;

type ProfileSource = { email: string; name?: string | null; displayName?: string | null; education?: string | null; linkdedin?: string | null; location?: string | null; phoneNumber?: string | null };

export function toProfile(user: ProfileSource): Profile {
  return {
    name: user.name || user.displayName || "",
    email: user.email,
    education: user.education ?? "",
    linkdedin: user.linkdedin ?? "",
    location: user.location ?? "",
    phoneNumber: user.phoneNumber ?? "",
  };
}
