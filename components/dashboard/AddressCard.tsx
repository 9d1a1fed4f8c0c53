import Link from "next/link";
import type { AddressView } from "@/lib/users/addresses-view";

type Props = {
  address: AddressView;
  editHref: string;
  makeDefault: (form: FormData) => Promise<void>;
  remove: (form: FormData) => Promise<void>;
};

const BUTTON = "inline-flex min-h-11 items-center rounded border px-3 text-sm font-medium";

/** One saved address with its buttons: each a plain form or link, so it works without JavaScript. */
export function AddressCard({ address, editHref, makeDefault, remove }: Props) {
  const named = `${address.name}, ${address.address}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {address.name}
          {address.isDefault ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-sm text-green-900">Default</span> : null}
        </p>
        <p className="whitespace-pre-line break-words text-slate-700">{address.address}</p>
        <p className="text-slate-700">{address.phone}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link href={editHref} aria-label={`Edit: ${named}`} className={`${BUTTON} border-brand-700 text-brand-700 hover:bg-brand-50`}>
          Edit
        </Link>
        {address.isDefault ? null : (
          <form action={makeDefault}>
            <input type="hidden" name="id" value={address._id} />
            <button type="submit" aria-label={`Make default: ${named}`} className={`${BUTTON} border-brand-700 text-brand-700 hover:bg-brand-50`}>
              Make default
            </button>
          </form>
        )}
        <form action={remove}>
          <input type="hidden" name="id" value={address._id} />
          <button type="submit" aria-label={`Delete: ${named}`} className={`${BUTTON} border-red-300 text-red-900 hover:bg-red-50`}>
            Delete
          </button>
        </form>
      </div>
    </li>
  );
}
