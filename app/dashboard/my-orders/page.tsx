import type { Metadata } from "next";
import { DashboardPlaceholder } from "@/components/DashboardPlaceholder";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/dashboard-menu";

const item = DASHBOARD_ITEMS.myOrders;

export const metadata: Metadata = { title: item.label };

export default async function MyOrdersPage() {
  await requireUserPage(item.href);
  return <DashboardPlaceholder item={item} />;
}
