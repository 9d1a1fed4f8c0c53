"use client";

import Link from "next/link";
import { useActionState } from "react";
import { type AddressField, type AddressFormState, EMPTY_ADDRESS_FORM } from "@/components/dashboard/AddressFormState";
import type { AddressView } from "@/lib/users/addresses-view";
import { LabelledField } from "@/components/forms/LabelledField";

type Props = {
  /** The server action that saves it (app/dashboard/my-profile/address-actions.ts). */
  action: (state: AddressFormState, form: FormData) => Promise<AddressFormState>;
  /** The page the form is on, where it posts before hydration or without JavaScript. */
  page: string;
  /** The address being edited; null for a new one. */
  editing: AddressView | null;
  /** What a new address starts with: the profile's name and phone. */
  suggested: { name: string; phone: string };
  /** Whether the customer has any address yet: the first one is the default whatever is ticked. */
  first: boolean;
  cancelHref: string;
};

const inputClass = "w-full rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600";
const BUTTON = "inline-flex min-h-11 items-center rounded px-4 font-semibold";

/**
 * Adds an address or edits one. The same server action runs with or without JavaScript and checks
 * with the purchase form's rules; a refusal comes back with what was typed and SPEC 5's messages.
 */
export function AddressForm({ action, page, editing, suggested, first, cancelHref }: Props) {
  const [state, formAction, pending] = useActionState(action, EMPTY_ADDRESS_FORM, page);
  const typed = (field: AddressField, fallback: string) => state.values[field] ?? fallback;
  const heading = editing ? "Edit the address" : "Add an address";
  return (
    <form id="address-form" action={formAction} noValidate aria-labelledby="address-form-heading" className="mt-6 flex max-w-lg flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:p-6">
      <h3 id="address-form-heading" className="text-lg font-bold">
        {heading}
      </h3>
      {editing ? <input type="hidden" name="id" value={editing._id} /> : null}
      <LabelledField id="address-name" label="Name" error={state.fieldErrors.name}>
        {(a11y) => <input {...a11y} name="name" type="text" autoComplete="name" autoFocus={Boolean(editing)} defaultValue={typed("name", editing?.name ?? suggested.name)} className={inputClass} />}
      </LabelledField>
      <LabelledField id="address-phone" label="Phone number" error={state.fieldErrors.phone}>
        {(a11y) => <input {...a11y} name="phone" type="tel" autoComplete="tel" defaultValue={typed("phone", editing?.phone ?? suggested.phone)} className={inputClass} />}
      </LabelledField>
      <LabelledField id="address-address" label="Address" error={state.fieldErrors.address}>
        {(a11y) => <textarea {...a11y} name="address" rows={3} autoComplete="street-address" defaultValue={typed("address", editing?.address ?? "")} className={inputClass} />}
      </LabelledField>
      {first || editing?.isDefault ? null : (
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="isDefault" defaultChecked={state.values.isDefault ?? false} className="h-5 w-5" />
          Make this my default address
        </label>
      )}
      {state.error ? (
        <p role="alert" className="text-red-700">
          {state.error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={pending} className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-900 disabled:opacity-60`}>
          {pending ? "Saving…" : "Save address"}
        </button>
        {editing ? (
          <Link href={cancelHref} className={`${BUTTON} border border-slate-300 font-medium hover:bg-slate-50`}>
            Cancel
          </Link>
        ) : null}
      </div>
    </form>
  );
}
