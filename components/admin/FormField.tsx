import type { UseFormRegisterReturn } from "react-hook-form";

type Props = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: "text" | "url" | "number";
  multiline?: boolean;
  step?: string;
  hint?: string;
};

/** A labelled input (or text area) with its validation message underneath, tied to it for screen readers. */
export function FormField({ id, label, registration, error, type = "text", multiline = false, step, hint }: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const className = "rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} rows={4} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={className} {...registration} />
      ) : (
        <input id={id} type={type} step={step} inputMode={type === "number" ? "decimal" : undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={className} {...registration} />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Number inputs: an empty box is "missing" (so the schema's message shows), anything else a number. */
export const asNumber = (value: unknown): number | undefined => {
  if (typeof value === "number") return Number.isNaN(value) ? undefined : value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return Number(value);
};
