import type { Metadata } from "next";
import { PasswordSection } from "@/components/dashboard/PasswordSection";
import { ProfilePanel } from "@/components/dashboard/ProfilePanel";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { getProfile, hasPassword } from "@/lib/users/queries";

const item = DASHBOARD_ITEMS.myProfile;

export const metadata: Metadata = { title: item.label };

/** Everyone's first dashboard page: the profile read on the server, edited through PUT /user/profile/{email}; the password through PUT /user/password. */
export default async function MyProfilePage() {
  const user = await requireUserPage(item.href);
  const [found, passwordSet] = await Promise.all([getProfile(user.email), hasPassword(user.email)]);
  const profile = found ?? { name: user.name, email: user.email, education: "", linkdedin: "", location: "", phoneNumber: "" };
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <ProfilePanel initialProfile={profile} />
      <PasswordSection initialHasPassword={passwordSet} />
    </>
  );
}
