/** SPEC 4: shown while the session or the admin check is pending. Announced to screen readers by its label. */
export function FullScreenSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className="fixed inset-0 z-50 flex items-center justify-center bg-white/80">
      <span aria-hidden="true" className="h-12 w-12 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
