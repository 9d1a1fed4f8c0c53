import type { Metadata } from "next";
import { Pagination } from "@/components/Pagination";
import { RemoveReviewButton } from "@/components/RemoveReviewButton";
import { StarRating, StarShape } from "@/components/StarRating";
import { requireAdminPage } from "@/lib/auth/guards";
import { DASHBOARD_ITEMS } from "@/lib/site/dashboard-menu";
import { formatDate } from "@/lib/site/format";
import { listReviews, reviewStats } from "@/lib/reviews/queries";
import { wholePageParam } from "@/lib/validation/admin-orders";

const item = DASHBOARD_ITEMS.manageReviews;

export const metadata: Metadata = { title: item.label };

const PAGE_SIZE = 20;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Admin: every review, newest first, a page at a time, each with a button to remove it. */
export default async function ManageReviewsPage({ searchParams }: { searchParams: SearchParams }) {
  // Admin only, checked here as well as in proxy.ts: the role comes from the database.
  await requireAdminPage(item.href);
  const page = wholePageParam((await searchParams).page);
  // The count is kept on every review write, so paging needs no count over the reviews.
  const [reviews, { count }] = await Promise.all([listReviews({ limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE }), reviewStats()]);
  return (
    <>
      <h1 className="text-2xl font-bold">{item.label}</h1>
      <p className="mt-2 text-sm text-slate-700">
        {count} review{count === 1 ? "" : "s"}. Each account has one review, which its author can change; remove any that should not be shown.
      </p>
      <StarShape />
      <ul className="mt-4 flex flex-col gap-3">
        {reviews.map((review) => (
          <li key={review._id} className="flex flex-wrap items-start justify-between gap-3 rounded border border-slate-200 p-3" data-review-id={review._id}>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {review.name} <span className="text-sm font-normal text-slate-600">{formatDate(review.createdAt)}</span>
              </p>
              <StarRating rating={review.rating} />
              <p className="mt-1 break-words text-sm text-slate-800">{review.description}</p>
            </div>
            <RemoveReviewButton reviewId={review._id} confirmation={`Remove the review by ${review.name}? It disappears from the shop.`} label={`Remove the review by ${review.name}`}>
              Remove
            </RemoveReviewButton>
          </li>
        ))}
      </ul>
      {reviews.length === 0 ? <p className="mt-4 text-slate-700">No reviews on this page.</p> : null}
      <Pagination page={page} pageCount={Math.max(1, Math.ceil(count / PAGE_SIZE))} hrefFor={(p) => (p > 1 ? `${item.href}?page=${p}` : item.href)} label="Review pages" />
    </>
  );
}
