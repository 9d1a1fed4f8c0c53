import type { Metadata } from "next";
import { AdminNotice } from "@/components/dashboard/AdminNotice";
import { ReviewForm } from "@/components/dashboard/ReviewForm";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/dashboard-menu";

const item = DASHBOARD_ITEMS.addReview;

export const metadata: Metadata = { title: item.label };

export default async function AddReviewPage() {
  const user = await requireUserPage(item.href);
  if (user.role === "admin") {
    return (
      <AdminNotice title={item.label} link={DASHBOARD_ITEMS.myProfile}>
        Reviews come from customers about their orders; admins don&apos;t add them. Your own page is
      </AdminNotice>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-slate-700">Tell other drivers how your order went. Your review appears on the home page under your name.</p>
      <ReviewForm author={{ name: user.name, image: user.image }} />
    </>
  );
}
