import type { ReactNode } from "react";

/** What a field's control needs to be tied to its label and its message. */
export type FieldA11y = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * One labelled control of a plain form (posted with or without JavaScript), its message underneath
 * tied to it for screen readers; `children` draws the control (an input, a text area) with those ties.
 */
export function LabelledField({ id, label, error, children }: { id: string; label: string; error?: string; children: (a11y: FieldA11y) => ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
