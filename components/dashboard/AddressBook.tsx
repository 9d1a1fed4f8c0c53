import { AddressCard } from "@/components/dashboard/AddressCard";
import { AddressForm } from "@/components/dashboard/AddressForm";
import type { AddressFormState } from "@/components/dashboard/AddressFormState";
import type { AddressView } from "@/lib/users/addresses-view";
import { MAX_ADDRESSES } from "@/lib/validation/addresses";

export type AddressActions = {
  save: (state: AddressFormState, form: FormData) => Promise<AddressFormState>;
  makeDefault: (form: FormData) => Promise<void>;
  remove: (form: FormData) => Promise<void>;
};

type Props = {
  addresses: AddressView[];
  /** The address whose edit form is open (?edit=…), else null: the form adds one. */
  editing: AddressView | null;
  /** What the last form did, from My Profile's address (?address=…). */
  note: string | null;
  suggested: { name: string; phone: string };
  page: string;
  actions: AddressActions;
};

/** My Profile's delivery addresses: the checkout offers them, the default first. */
export function AddressBook({ addresses, editing, note, suggested, page, actions }: Props) {
  const full = addresses.length >= MAX_ADDRESSES;
  // A new form after each change, so a saved address's text is not left in it.
  const formKey = `${editing?._id ?? "new"}:${addresses.map((entry) => `${entry._id}${entry.isDefault ? "*" : ""}${entry.name}${entry.phone}${entry.address}`).join("|")}`;
  return (
    <section id="addresses" aria-labelledby="addresses-heading" className="mt-10">
      <h2 id="addresses-heading" className="text-xl font-bold">
        Addresses
      </h2>
      <p role="status" className="mt-2 min-h-6 font-medium text-brand-900">
        {note}
      </p>
      {addresses.length === 0 ? (
        <p className="mt-2 text-slate-700">You have no saved address yet. The first one you save is your default, offered first at checkout.</p>
      ) : (
        <ul aria-label="Saved addresses" className="mt-2 flex flex-col gap-3">
          {addresses.map((address) => (
            <AddressCard key={address._id} address={address} editHref={`${page}?edit=${address._id}#address-form`} makeDefault={actions.makeDefault} remove={actions.remove} />
          ))}
        </ul>
      )}
      {full && !editing ? (
        <p className="mt-6 text-slate-700">You keep {MAX_ADDRESSES} addresses, the most there is room for: delete one to add another.</p>
      ) : (
        <AddressForm
          key={formKey}
          action={actions.save}
          page={editing ? `${page}?edit=${editing._id}` : page}
          editing={editing}
          suggested={suggested}
          first={addresses.length === 0}
          cancelHref={`${page}#addresses`}
        />
      )}
    </section>
  );
}
