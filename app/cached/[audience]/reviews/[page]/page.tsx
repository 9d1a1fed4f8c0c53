import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Pagination } from "@/components/Pagination";
import { ReviewList } from "@/components/ReviewList";
import { cachedPageNumber, pageCount, REVIEWS_PATH } from "@/lib/cache/cached-routes";
import { pageMetadata } from "@/lib/site/metadata";
import { cachedReviewStats, cachedReviews } from "@/lib/reviews/cached-reads";

// /customer-reviews?page=N, rewritten here (lib/cache/cached-routes.ts). Rendered on its first request,
// then served from the cache until a review expires the "reviews" tag.
type Params = Promise<{ page: string }>;

const REVIEWS_PAGE_SIZE = 12;

export function generateStaticParams(): { page: string }[] {
  return [];
}

const reviewsHref = (page: number) => (page > 1 ? `${REVIEWS_PATH}?page=${page}` : REVIEWS_PATH);

/** The page asked for, or null when it is not a page number. */
async function readPage(params: Params): Promise<number | null> {
  return cachedPageNumber((await params).page);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const page = await readPage(params);
  if (page === null) return {};
  return pageMetadata({
    title: page > 1 ? `Customer reviews (page ${page})` : "Customer reviews",
    description: "What drivers and garages say about AutoParts Hub: every review with its star rating, newest first.",
    path: reviewsHref(page),
  });
}

export default async function ReviewsPage({ params }: { params: Params }) {
  const page = await readPage(params);
  const stats = await cachedReviewStats();
  const pages = pageCount(stats.count, REVIEWS_PAGE_SIZE);
  // A page past the last is refused before its reviews are read, so it leaves no entry in the data cache.
  if (page === null || page > pages) notFound();
  const reviews = await cachedReviews({ limit: REVIEWS_PAGE_SIZE, skip: (page - 1) * REVIEWS_PAGE_SIZE });
  const first = (page - 1) * REVIEWS_PAGE_SIZE + 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Customer reviews</h1>
      {reviews.length ? (
        <>
          <p className="mt-2 text-slate-700">
            {`Reviews ${first} to ${first + reviews.length - 1} of ${stats.count}, newest first.`}
            {stats.average !== null ? ` Average rating ${stats.average} out of 5.` : ""}
          </p>
          <h2 className="sr-only">Reviews, newest first</h2>
          <ReviewList reviews={reviews} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
        </>
      ) : (
        <p className="mt-2 text-slate-700">No reviews yet. Be the first to tell us how your order went.</p>
      )}
      <Pagination page={page} pageCount={pages} hrefFor={reviewsHref} label="Review pages" />
    </div>
  );
}
