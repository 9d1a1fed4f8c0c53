"use client";

import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import type { ToasterProps } from "sonner";

/** Stands in for the container when its script could not be loaded. */
function NoToaster() {
  return null;
}

// SPEC 9: one toast container, top-right, 5000 ms. It is loaded after the page is interactive,
// in its own chunk: most pages never toast, and the container is not needed to draw them.
// It sits in the root layout, above every error boundary of the shop: a chunk that fails to load
// (blocked, offline) must cost the toasts only, never the page, so the failure is caught here.
const Toaster = dynamic(
  () =>
    import("sonner")
      .then((m) => m.Toaster)
      .catch((error: unknown): ComponentType<ToasterProps> => {
        console.warn("The toast container could not be loaded; the page works without it.", error);
        return NoToaster;
      }),
  { ssr: false },
);

export function LazyToaster() {
  return <Toaster position="top-right" duration={5000} richColors closeButton />;
}
