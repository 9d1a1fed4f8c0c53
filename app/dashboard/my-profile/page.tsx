import type { Metadata } from "next";
import { ProfilePanel } from "@/components/dashboard/ProfilePanel";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/dashboard-menu";
import { getProfile } from "@/lib/users";

const item = DASHBOARD_ITEMS.myProfile;

export const metadata: Metadata = { title: item.label };

/** Everyone's first dashboard page: the profile read on the server, edited through PUT /user/profile/{email}. */
export default async function MyProfilePage() {
  const user = await requireUserPage(item.href);
  const profile = (await getProfile(user.email)) ?? { name: user.name, email: user.email, education: "", linkdedin: "", location: "", phoneNumber: "" };
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <ProfilePanel initialProfile={profile} />
    </>
  );
}
