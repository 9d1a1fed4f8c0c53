"use client";

import { usePathname } from "next/navigation";
import { useId, useState, type MouseEvent, type ReactNode } from "react";

/**
 * Collapses the site navigation behind a Menu button on phones; on wider screens the links are
 * always shown. The links themselves stay server-rendered children.
 */
export function NavMenu({ children }: { children: ReactNode }) {
  const id = useId();
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  // The menu closes by itself after a navigation: it is open only for the page it was opened on.
  const open = openOn === pathname;
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) setOpenOn(null);
  };
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="inline-flex items-center gap-2 rounded border border-slate-300 px-3 py-2 text-sm font-medium sm:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
        </svg>
        Menu
      </button>
      <div
        id={id}
        onClick={closeOnLink}
        className={`${open ? "block" : "hidden"} w-full basis-full sm:block sm:w-auto sm:basis-auto`}
      >
        {children}
      </div>
    </>
  );
}
