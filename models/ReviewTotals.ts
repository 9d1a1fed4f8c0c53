import mongoose, { Schema, type Model } from "mongoose";

// The review count and rating sum, kept on every review write (lib/reviews/totals.ts), so the home
// page's count and mean are one read instead of a count and an aggregate over every review.
const reviewTotalsSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** Every review, including those sent without a star. */
    count: { type: Number, required: true, min: 0 },
    /** Reviews with 1 to 5 stars, and the sum of their stars. */
    ratedCount: { type: Number, required: true, min: 0 },
    ratingSum: { type: Number, required: true, min: 0 },
    /** The token of the last review write counted (lib/reviews/totals.ts), so a write cut short is counted once. */
    applied: { type: String },
  },
  { collection: "reviewtotals", versionKey: false },
);

export type ReviewTotalsFields = { _id: string; count: number; ratedCount: number; ratingSum: number; applied?: string };

export const ReviewTotals: Model<ReviewTotalsFields> =
  (mongoose.models.ReviewTotals as Model<ReviewTotalsFields>) ?? mongoose.model<ReviewTotalsFields>("ReviewTotals", reviewTotalsSchema);
