import { jsonBody, listPage, ok, pathItem } from "@/lib/openapi/operations";
import { idPath, pagingParams } from "@/lib/openapi/parameters";

// The reviews' paths: one review per account, moderated by admins.

const reviewId = idPath("id", "The review id.");

export const reviewPaths = {
  ...pathItem("/reviews", {
    get: {
      operationId: "listReviews",
      summary: "List the reviews",
      description: "One page of the customers' reviews, newest first.",
      access: "public",
      parameters: pagingParams,
      replies: listPage("The reviews of this page.", "ReviewList"),
    },
    post: {
      operationId: "addReview",
      summary: "Post your review",
      description:
        "Post your review (signed in). One review per account: the first POST creates it (201); a later POST rewrites your review (200, message says so) instead of adding another. The author's name and picture come from the session; body name and image are ignored. At most 5 review writes per account in 10 minutes (429).",
      access: "signedIn",
      body: jsonBody("ReviewInput"),
      replies: { ...ok(201, "The new review.", "ReviewCreated"), ...ok(200, "Your existing review, rewritten.", "ReviewCreated") },
      outcomes: [429],
    },
  }),
  ...pathItem("/reviews/{id}", {
    put: {
      operationId: "editReview",
      summary: "Edit your review",
      description: "Change your review's rating and text (its author only). Counts toward the 5 review writes in 10 minutes.",
      access: "self",
      parameters: [reviewId],
      body: jsonBody("ReviewInput"),
      replies: ok(200, "The review, in `result`.", "ReviewCreated"),
      outcomes: [404, 429],
    },
    delete: {
      operationId: "removeReview",
      summary: "Remove a review",
      description: "Remove a review: its author, or an admin (moderation). 404 once it is gone.",
      access: "self",
      parameters: [reviewId],
      replies: ok(200, "`deletedCount` 1.", "ReviewRemoved"),
      outcomes: [404, 429],
    },
  }),
};
