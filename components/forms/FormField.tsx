import type { InputHTMLAttributes } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "onChange" | "onBlur" | "ref" | "aria-invalid" | "aria-describedby">;

type Props = InputProps & {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  /** A text area instead of a one-line input. */
  multiline?: boolean;
};

const fieldClass =
  "rounded border border-slate-300 px-3 py-2 read-only:bg-slate-100 read-only:text-slate-700 aria-[invalid=true]:border-red-600";

/** One labelled input (or text area); its hint and its message underneath are tied to it for screen readers. */
export function FormField({ id, label, registration, error, hint, className, multiline = false, ...input }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const a11y = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...a11y} rows={4} className={fieldClass} {...registration} />
      ) : (
        <input
          {...a11y}
          inputMode={input.type === "number" ? "decimal" : undefined}
          className={fieldClass}
          {...input}
          {...registration}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
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
