"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { LinkProgress } from "@/components/dashboard/DashboardProgress";

type Item = { href: string; label: string };

/**
 * The dashboard's side menu. On phones it collapses behind a button (closing again after a
 * navigation: it is open only for the page it was opened on); with JavaScript off there is no
 * button and the menu is shown. The current page is marked. A link
 * being followed shows progress in the content area (DashboardProgress).
 */
export function DashboardNav({ items }: { items: Item[] }) {
  const id = useId();
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const current = items.find((item) => item.href === pathname);
  return (
    <nav aria-label="Dashboard" className="md:w-56 md:shrink-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="flex w-full items-center justify-between gap-2 rounded border border-slate-300 px-3 py-2 text-left font-medium md:hidden noscript:hidden"
      >
        <span>
          Dashboard menu
          {current ? <span className="font-normal text-slate-600">: {current.label}</span> : null}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
        </svg>
      </button>
      <ul id={id} className={`${open ? "flex" : "hidden"} mt-2 flex-col gap-1 md:mt-0 md:flex noscript:flex`}>
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={item.href === pathname ? "page" : undefined}
              className="block rounded px-3 py-2 hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
            >
              {item.label}
              <LinkProgress href={item.href} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
