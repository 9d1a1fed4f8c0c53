import type { UseFormRegisterReturn } from "react-hook-form";

type Props = {
  id: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  registration: UseFormRegisterReturn;
  error?: string;
};

/** One labelled input with its SPEC 5 message underneath, tied to it for screen readers. */
export function AuthField({ id, label, type, autoComplete, registration, error }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
        {...registration}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
