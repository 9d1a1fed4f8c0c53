import type { Metadata } from "next";
import { AddressBook } from "@/components/dashboard/AddressBook";
import { PasswordSection } from "@/components/dashboard/PasswordSection";
import { ProfilePanel } from "@/components/dashboard/ProfilePanel";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { listAddresses } from "@/lib/users/addresses";
import { getProfile, hasPassword } from "@/lib/users/queries";
import { deleteAddressAction, makeDefaultAddressAction, saveAddressAction } from "@/app/dashboard/my-profile/address-actions";
import { addressNote } from "@/app/dashboard/my-profile/address-notes";

const item = DASHBOARD_ITEMS.myProfile;

export const metadata: Metadata = { title: item.label };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const ADDRESS_ACTIONS = { save: saveAddressAction, makeDefault: makeDefaultAddressAction, remove: deleteAddressAction };

/**
 * Everyone's first dashboard page: the profile read on the server, edited through PUT /user/profile/{email};
 * the password through PUT /user/password; the saved addresses through plain forms to server actions.
 */
export default async function MyProfilePage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requireUserPage(item.href);
  const [found, passwordSet, addresses, query] = await Promise.all([getProfile(user.email), hasPassword(user.email), listAddresses(user.email), searchParams]);
  const profile = found ?? { name: user.name, email: user.email, education: "", linkdedin: "", location: "", phoneNumber: "" };
  const editing = addresses.find((address) => address._id === query.edit) ?? null;
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <ProfilePanel initialProfile={profile} />
      <AddressBook
        addresses={addresses}
        editing={editing}
        note={addressNote(query.address)}
        suggested={{ name: profile.name, phone: profile.phoneNumber }}
        page={item.href}
        actions={ADDRESS_ACTIONS}
      />
      <PasswordSection initialHasPassword={passwordSet} />
    </>
  );
}
