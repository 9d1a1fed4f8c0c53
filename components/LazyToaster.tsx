"use client";

import dynamic from "next/dynamic";

// SPEC 9: one toast container, top-right, 5000 ms. It is loaded after the page is interactive,
// in its own chunk: most pages never toast, and the container is not needed to draw them.
const Toaster = dynamic(() => import("sonner").then((m) => m.Toaster), { ssr: false });

export function LazyToaster() {
  return <Toaster position="top-right" duration={5000} richColors closeButton />;
}
