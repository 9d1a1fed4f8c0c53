"use client";

import { useLinkStatus } from "next/link";
import { createPortal } from "react-dom";

/** SPEC 4: shown while the session or the admin check is pending. Announced to screen readers by its label. */
export function FullScreenSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className="fixed inset-0 z-50 flex items-center justify-center bg-white/80">
      <span aria-hidden="true" className="h-12 w-12 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * Inside a Link to a page that checks the session before it renders (a purchase page, the
 * dashboard): the full-screen spinner while that navigation is pending. Such pages have no loading
 * boundary, whose streamed content only a script could show. Drawn in the body, outside the link,
 * so a click on it follows nothing and the link keeps its name.
 */
export function LinkPendingSpinner({ label }: { label: string }) {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return createPortal(
    <div onClick={(event) => event.stopPropagation()}>
      <FullScreenSpinner label={label} />
    </div>,
    document.body,
  );
}
