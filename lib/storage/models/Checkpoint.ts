import "server-only";
import mongoose, { Schema, type Model } from "mongoose";

// How far a job that works through the recent past has come (lib/storage/checkpoints.ts): one
// document per checkpoint, read and written by _id.
const checkpointSchema = new Schema(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: "checkpoints", versionKey: false },
);

export type CheckpointFields = { _id: string; at: Date };

export const Checkpoint: Model<CheckpointFields> =
  (mongoose.models.Checkpoint as Model<CheckpointFields>) ?? mongoose.model<CheckpointFields>("Checkpoint", checkpointSchema);
