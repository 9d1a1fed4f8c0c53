import type { Metadata } from "next";
import { DashboardPlaceholder } from "@/components/DashboardPlaceholder";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/dashboard-menu";

const item = DASHBOARD_ITEMS.addReview;

export const metadata: Metadata = { title: item.label };

export default async function AddReviewPage() {
  await requireUserPage(item.href);
  return <DashboardPlaceholder item={item} />;
}
