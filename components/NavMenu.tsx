"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";

/**
 * The site navigation: on phones behind a Menu disclosure, on wider screens always shown. It is a
 * native <details>, so it opens by tap, Enter or Space before and without JavaScript; from the sm
 * breakpoint its content is shown whatever the open state (a browser without ::details-content keeps
 * the Menu summary there too, which still works). The links stay server-rendered children.
 */
export function NavMenu({ children }: { children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  const shownOn = useRef(pathname);
  // A client-side navigation keeps the header, so the menu closes after one (Back included). Not on
  // the first render: a menu opened before hydration stays open.
  useEffect(() => {
    if (shownOn.current !== pathname && menu.current) menu.current.open = false;
    shownOn.current = pathname;
  }, [pathname]);
  const closeOnLink = (event: MouseEvent<HTMLDetailsElement>) => {
    if (menu.current && event.target instanceof Element && event.target.closest("a")) menu.current.open = false;
  };
  return (
    <details ref={menu} onClick={closeOnLink} className="sm:details-content:[content-visibility:visible]">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded border border-slate-300 px-3 py-2 text-sm font-medium sm:supports-[selector(::details-content)]:hidden [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
        Menu
      </summary>
      {/* On phones the open menu drops down under the whole header bar. */}
      <div className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white px-4 pb-3 shadow-sm sm:static sm:border-0 sm:p-0 sm:shadow-none">{children}</div>
    </details>
  );
}
