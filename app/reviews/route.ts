import { jsonReply, parseWith, readJsonBody, requireUser, route } from "@/lib/http";
import { cachedReviews } from "@/lib/public-data";
import { addReview, listReviews } from "@/lib/reviews";
import { pagingQuerySchema, queryObject } from "@/lib/validation/common";
import { reviewSchema } from "@/lib/validation/reviews";

/** Reviews, newest first; optional paging. */
export const GET = route(async (request: Request) => {
  const paging = parseWith(pagingQuerySchema, queryObject(request.url));
  // A page is served from the data cache (tag "reviews"); all reviews at once are not cached.
  return jsonReply(paging.limit === undefined ? await listReviews(paging) : await cachedReviews(paging));
});

/** A signed-in user's review; the author's name and picture come from the session, not the body. */
export const POST = route(async (request: Request) => {
  const user = await requireUser();
  const input = parseWith(reviewSchema, await readJsonBody(request));
  const review = await addReview(input, user);
  return jsonReply({ success: true, message: "Thank you for your review.", result: review }, 201);
});
