import "server-only";
import mongoose, { Schema, type Model } from "mongoose";

// Number sequences (lib/storage/sequence.ts): per sequence, one document per block of numbers
// claimed (`name#block`, its `_id` making the claim unique), and one hint (`name`) naming the
// highest block claimed so far.
const sequenceSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** On the hint: the highest block claimed, as far as it knows. */
    block: { type: Number },
    /** On a claim: when it was claimed. */
    claimedAt: { type: Date },
  },
  { collection: "sequences", versionKey: false },
);

export type SequenceFields = { _id: string; block?: number; claimedAt?: Date };

export const Sequence: Model<SequenceFields> = (mongoose.models.Sequence as Model<SequenceFields>) ?? mongoose.model<SequenceFields>("Sequence", sequenceSchema);
