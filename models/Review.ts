import mongoose, { Schema, type InferSchemaType, type Model, type Types } from "mongoose";

const reviewSchema = new Schema(
  {
    /** 0 to 5 stars (the spec lets a review be sent with no star chosen). */
    rating: { type: Number, required: true, min: 0, max: 5, validate: Number.isInteger },
    description: { type: String, trim: true, maxlength: 2000, default: "" },
    /** The author's display name and picture, taken from the session. */
    name: { type: String, required: true, trim: true, maxlength: 120 },
    image: { type: String, trim: true, maxlength: 2048, default: "" },
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 254 },
  },
  { timestamps: true, collection: "reviews" },
);

// The newest-first order is the list "reviews:all" (lib/reviews/list.ts), not an index.
reviewSchema.index({ email: 1 }); // the author's own review (one per account), an equality read

export type ReviewFields = InferSchemaType<typeof reviewSchema>;
export type ReviewDoc = ReviewFields & { _id: Types.ObjectId };

export const Review: Model<ReviewFields> = (mongoose.models.Review as Model<ReviewFields>) ?? mongoose.model("Review", reviewSchema);
