import { plainText } from "@/lib/validation/common";
import { z } from "@/lib/validation/zod";

// SPEC 5, review form (the rating may be 0); shared by the form and POST /reviews.
export const MAX_REVIEW_LENGTH = 1000;

export const reviewSchema = z.object({
  rating: z.number({ error: "Rating must be a whole number from 0 to 5" }).int("Rating must be a whole number from 0 to 5").min(0, "Rating must be a whole number from 0 to 5").max(5, "Rating must be a whole number from 0 to 5"),
  description: plainText(MAX_REVIEW_LENGTH, { multiline: true }, "Description must be text").trim().default(""),
  /** Sent by the original client; ignored: the author is the signed-in user. */
  name: z.string().max(200).optional(),
  image: z.string().max(2048).optional(),
})
  .meta({ id: "ReviewInput" });

export type ReviewInput = z.input<typeof reviewSchema>;
export type NewReview = z.output<typeof reviewSchema>;
