"use server";

import "server-only";
import { redirect } from "next/navigation";
import type { AddressFormState } from "@/components/dashboard/AddressFormState";
import { signInPath } from "@/lib/auth/callback-url";
import { getSessionUser } from "@/lib/auth/session";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { LockBusyError } from "@/lib/storage/lock";
import { addAddress, changeAddress, removeAddress } from "@/lib/users/addresses";
import { addressSchema } from "@/lib/validation/addresses";
import { OBJECT_ID_PATTERN } from "@/lib/validation/common";
import { type AddressNote, MY_PROFILE_PATH } from "@/app/dashboard/my-profile/address-notes";

// My Profile's address forms, with or without JavaScript: each posts to one of these actions,
// which saves and then redirects back to My Profile with a note to show (a form sent again by
// reloading the page then sends nothing). A refused form comes back as state, with what was typed.

const text = (form: FormData, field: string): string => {
  const value = form.get(field);
  return typeof value === "string" ? value : "";
};

/** The signed-in customer's email; a session that ended while the page was open signs in again. */
async function customer(): Promise<string> {
  const user = await getSessionUser();
  if (!user) redirect(signInPath(MY_PROFILE_PATH));
  return user.email;
}

const backWith = (note: AddressNote): never => redirect(`${MY_PROFILE_PATH}?address=${note}#addresses`);

/** Adds an address, or changes the one named by the form's `id`. */
export async function saveAddressAction(_previous: AddressFormState, form: FormData): Promise<AddressFormState> {
  const email = await customer();
  const id = text(form, "id");
  const values = { name: text(form, "name"), phone: text(form, "phone"), address: text(form, "address"), isDefault: form.get("isDefault") === "on" };
  const parsed = addressSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: AddressFormState["fieldErrors"] = {};
    for (const { path, message } of parsed.error.issues) {
      const field = path[0];
      if ((field === "name" || field === "phone" || field === "address") && !fieldErrors[field]) fieldErrors[field] = message;
    }
    return { error: null, fieldErrors, values };
  }
  try {
    if (id) await changeAddress(email, id, { ...parsed.data, isDefault: parsed.data.isDefault || undefined });
    else await addAddress(email, parsed.data);
  } catch (error) {
    if (error instanceof ConflictError || error instanceof NotFoundError || error instanceof LockBusyError) return { error: error.message, fieldErrors: {}, values };
    throw error;
  }
  return backWith(id ? "changed" : "added");
}

/** Runs one change of an address named by the form's `id`; an address gone meanwhile is said, not an error page. */
async function changeOne(form: FormData, change: (email: string, id: string) => Promise<unknown>, done: AddressNote): Promise<never> {
  const email = await customer();
  const id = text(form, "id");
  if (!OBJECT_ID_PATTERN.test(id)) return backWith("gone");
  try {
    await change(email, id);
  } catch (error) {
    if (error instanceof NotFoundError) return backWith("gone");
    if (error instanceof LockBusyError) return backWith("busy");
    throw error;
  }
  return backWith(done);
}

export async function makeDefaultAddressAction(form: FormData): Promise<void> {
  await changeOne(form, (email, id) => changeAddress(email, id, { isDefault: true }), "default");
}

export async function deleteAddressAction(form: FormData): Promise<void> {
  await changeOne(form, removeAddress, "deleted");
}
