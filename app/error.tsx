"use client";

import { useEffect } from "react";

/** Any failure while rendering a page (a database outage, a script chunk that failed to load) lands here, never on a blank page. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const chunkFailed = error.name === "ChunkLoadError" || /Loading chunk|Failed to fetch dynamically imported module/i.test(error.message);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-700">
        {chunkFailed
          ? "Part of this page could not be loaded. Check your connection and reload."
          : "We could not load this page just now. Please try again in a moment."}
      </p>
      <button
        type="button"
        onClick={() => (chunkFailed ? window.location.reload() : reset())}
        className="mt-8 rounded bg-brand-700 px-4 py-2 font-semibold text-white"
      >
        {chunkFailed ? "Reload the page" : "Try again"}
      </button>
    </div>
  );
}
