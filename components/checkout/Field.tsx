import { LabelledField } from "@/components/forms/LabelledField";

type Props = { id: string; name: string; label: string; defaultValue: string; error?: string; type?: "text" | "tel"; autoComplete: string };

/** One labelled text input of the checkout. */
export function Field({ id, name, label, defaultValue, error, type = "text", autoComplete }: Props) {
  return (
    <LabelledField id={id} label={label} error={error}>
      {(a11y) => <input {...a11y} name={name} type={type} autoComplete={autoComplete} defaultValue={defaultValue} className="rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600" />}
    </LabelledField>
  );
}
