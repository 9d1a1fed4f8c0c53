"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ComponentType, type CSSProperties } from "react";
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
      .then(({ Toaster: SonnerToaster, toast }) => {
        // A toast tells of what was done on the page it was done on: leaving the page ends it.
        function ShopToaster(props: ToasterProps) {
          const pathname = usePathname();
          useEffect(() => () => void toast.dismiss(), [pathname]);
          return <SonnerToaster {...props} />;
        }
        return ShopToaster;
      })
      .catch((error: unknown): ComponentType<ToasterProps> => {
        console.warn("The toast container could not be loaded; the page works without it.", error);
        return NoToaster;
      }),
  { ssr: false },
);

// sonner's rich colours, darkened to at least 4.5:1 on their pale backgrounds (WCAG 1.4.3).
const READABLE_COLOURS = {
  "--success-text": "hsl(140, 100%, 24%)",
  "--info-text": "hsl(210, 92%, 38%)",
  "--warning-text": "hsl(31, 92%, 35%)",
  "--error-text": "hsl(360, 100%, 38%)",
} as CSSProperties;

const GAP = 8;

/**
 * How far down the toasts start: below the site's header and anything it drops down (the phone's
 * open menu), whose links they would otherwise cover. Measured on the page, not the window, so it
 * holds however far the page is scrolled.
 */
function useHeaderBottom(): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    const header = document.querySelector("header");
    if (!header) return;
    const parts = [header, ...header.querySelectorAll("*")];
    const measure = () =>
      setBottom(Math.ceil(Math.max(...parts.filter((part) => part.checkVisibility()).map((part) => part.getBoundingClientRect().bottom + window.scrollY))));
    const observer = new ResizeObserver(measure);
    for (const part of parts) observer.observe(part);
    return () => observer.disconnect();
  }, []);
  return bottom;
}

export function LazyToaster() {
  const top = useHeaderBottom() + GAP;
  return <Toaster position="top-right" duration={5000} richColors closeButton offset={{ top }} mobileOffset={{ top }} style={READABLE_COLOURS} />;
}
