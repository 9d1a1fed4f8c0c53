import { jsonReply } from "@/lib/http/errors";
import { pagedReply } from "@/lib/http/paging";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { cachedReviews } from "@/lib/reviews/cached-reads";
import { saveReview } from "@/lib/reviews/commands";
import { pagingQuerySchema, queryObject } from "@/lib/validation/common";
import { reviewSchema } from "@/lib/validation/reviews";

/** One page of reviews, newest first (default the first 100), Link to the next. */
export const GET = route(async (request: Request) => {
  const paging = parseWith(pagingQuerySchema, queryObject(request.url));
  // Every request is a bounded page, so every one is served from the data cache (tag "reviews").
  return pagedReply(request, await cachedReviews(paging), paging);
});

/**
 * A signed-in user's review; the author's name and picture come from the session, not the body.
 * One review per account: the first is created (201), a later POST rewrites it (200, and says so).
 */
export const POST = route(async (request: Request) => {
  const user = await requireUser();
  const input = parseWith(reviewSchema, await readJsonBody(request));
  const { review, created } = await saveReview(input, user);
  return created
    ? jsonReply({ success: true, message: "Thank you for your review.", result: review }, 201)
    : jsonReply({ success: true, message: "Your review was updated: each account has one review.", result: review });
});
