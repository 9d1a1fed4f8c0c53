import type { Metadata } from "next";
import { AdminNotice } from "@/components/dashboard/AdminNotice";
import { ReviewForm } from "@/components/dashboard/ReviewForm";
import { requireUserPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { formatDate } from "@/lib/site/format";
import { findReviewOf } from "@/lib/reviews/queries";

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
  const review = await findReviewOf(user.email);
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      {review ? (
        <p className="mt-2 text-slate-700">
          This is your review of {formatDate(review.createdAt)}. Each account has one review: change it below, or remove it.
        </p>
      ) : (
        <p className="mt-2 text-slate-700">Tell other drivers how your order went. Your review appears on the home page under your name.</p>
      )}
      {/* A new key once the review exists (or is gone), so the form starts from what is stored. */}
      <ReviewForm key={review?._id ?? "new"} author={{ name: user.name, image: user.image }} review={review} />
    </>
  );
}
