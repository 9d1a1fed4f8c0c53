type Props = { id: string; name: string; label: string; defaultValue: string; error?: string; type?: "text" | "tel"; autoComplete: string };

/** One labelled text input of the checkout, its message tied to it for screen readers. */
export function Field({ id, name, label, defaultValue, error, type = "text", autoComplete }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
