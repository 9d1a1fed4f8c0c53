"use client";

import { useActionState } from "react";
import type { ShopSettingsFields } from "@/models/ShopSettings";
import { DELIVERY_FIELDS, EMPTY_SETTINGS_FORM, type SettingsFormState, TRANSFER_FIELDS } from "@/app/dashboard/shop-settings/settings-fields";
import { LabelledField } from "@/components/forms/LabelledField";

type Props = {
  action: (state: SettingsFormState, form: FormData) => Promise<SettingsFormState>;
  page: string;
  settings: ShopSettingsFields;
};

const inputClass = "w-full rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600";

/** Every setting in one form, posted to the server action with or without JavaScript. */
export function SettingsForm({ action, page, settings }: Props) {
  const [state, formAction, pending] = useActionState(action, EMPTY_SETTINGS_FORM, page);
  const group = (legend: string, fields: typeof DELIVERY_FIELDS) => (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold">{legend}</legend>
      {fields.map(({ name, label, kind }) => {
        const id = `settings-${name}`;
        const error = state.fieldErrors[name];
        return (
          <LabelledField key={name} id={id} label={label} error={error}>
            {(a11y) => (
              <input
                {...a11y}
                name={name}
                type={kind === "text" ? "text" : "number"}
                inputMode={kind === "money" ? "decimal" : kind === "days" ? "numeric" : undefined}
                step={kind === "money" ? "0.01" : kind === "days" ? "1" : undefined}
                min={kind === "money" ? 0 : kind === "days" ? 1 : undefined}
                defaultValue={state.values[name] ?? String(settings[name])}
                className={inputClass}
              />
            )}
          </LabelledField>
        );
      })}
    </fieldset>
  );
  return (
    <form action={formAction} noValidate aria-label="Shop settings" className="mt-6 flex max-w-lg flex-col gap-6">
      {group("Delivery", DELIVERY_FIELDS)}
      {group("Bank transfer", TRANSFER_FIELDS)}
      <button type="submit" disabled={pending} className="inline-flex min-h-11 items-center self-start rounded bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Saving…" : "Save settings"}
      </button>
    </form>
  );
}
