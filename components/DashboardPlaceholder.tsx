import type { DashboardItem } from "@/lib/dashboard-menu";

/** A dashboard page that a later issue fills in: its name and what it will hold. */
export function DashboardPlaceholder({ item }: { item: DashboardItem }) {
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-slate-700">{item.summary}</p>
    </>
  );
}
