"use client";

import "./globals.css";

/**
 * The last resort, when the root layout itself fails (app/error.tsx sits inside it): the shop's
 * own page with a reload, never Next's bare "This page couldn't load". It replaces the root
 * layout, so it brings its own <html> and <body>.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="bg-white text-slate-900 antialiased">
        <main role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-3xl font-bold">Something went wrong</h1>
          <p className="mt-4 text-slate-700">This page could not be shown. Check your connection and reload.</p>
          {error.digest ? <p className="mt-2 text-sm text-slate-600">Reference: {error.digest}</p> : null}
          <button type="button" onClick={() => window.location.reload()} className="mt-8 rounded bg-brand-700 px-4 py-2 font-semibold text-white">
            Reload the page
          </button>
          <p className="mt-6">
            {/* A plain link: the client router may be what failed. */}
            <a href="/" className="text-brand-700 underline">Go to the home page</a>
          </p>
        </main>
      </body>
    </html>
  );
}
