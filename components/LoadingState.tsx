/** What a data-driven page shows while the database answers. A screen tall, so the footer starts below the fold and does not jump when the page arrives. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="mx-auto flex min-h-[100svh] max-w-6xl flex-col items-center gap-4 px-4 py-24 text-slate-700">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
      <p>{label}</p>
    </div>
  );
}
