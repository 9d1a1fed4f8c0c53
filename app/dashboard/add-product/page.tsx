import type { Metadata } from "next";
import { DashboardPlaceholder } from "@/components/DashboardPlaceholder";
import { requireAdminPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/dashboard-menu";

const item = DASHBOARD_ITEMS.addProduct;

export const metadata: Metadata = { title: item.label };

export default async function AddProductPage() {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  await requireAdminPage(item.href);
  return <DashboardPlaceholder item={item} />;
}
