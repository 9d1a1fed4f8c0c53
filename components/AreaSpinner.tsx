/**
 * Progress inside one area of the page (a dashboard page's content), the rest of the page staying as
 * it is and usable. Announced to screen readers by its label.
 */
export function AreaSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className="flex min-h-48 items-center justify-center">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
