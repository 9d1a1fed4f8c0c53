import Link from "next/link";
import type { ReactNode } from "react";
import type { DashboardItem } from "@/lib/site/dashboard-menu";

/** What an admin sees on a customer-only dashboard page opened directly: why, and where to go instead. */
export function AdminNotice({ title, link, children }: { title: string; link: DashboardItem; children: ReactNode }) {
  return (
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">
        {children}{" "}
        <Link href={link.href} className="font-medium text-brand-700 underline">
          {link.label}
        </Link>
        .
      </p>
    </>
  );
}
