import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";

/** My Profile, where the address forms come back to. */
export const MY_PROFILE_PATH = DASHBOARD_ITEMS.myProfile.href;

/** What My Profile says after an address form, named in its address (?address=…). */
export const ADDRESS_NOTES = {
  added: "The address is saved.",
  changed: "The address is saved.",
  default: "Your default address is changed.",
  deleted: "The address is deleted.",
  gone: "That address is no longer in your address book.",
  busy: "Your addresses are being changed by another request; try again in a moment.",
} as const;

export type AddressNote = keyof typeof ADDRESS_NOTES;

export const addressNote = (code: unknown): string | null => (typeof code === "string" && Object.hasOwn(ADDRESS_NOTES, code) ? ADDRESS_NOTES[code as AddressNote] : null);
