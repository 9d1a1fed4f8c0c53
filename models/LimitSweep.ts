import mongoose, { Schema, type Model } from "mongoose";

// How far the sweep of spent limit hits (lib/limits/database-sweep.ts) has come, shared by every
// server process: one document, `_id` "limithits".
const limitSweepSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** The last minute (since the epoch) whose spent hits are gone. */
    minute: { type: Number, required: true },
  },
  { collection: "limitsweeps", versionKey: false },
);

export type LimitSweepFields = { _id: string; minute: number };

export const LimitSweep: Model<LimitSweepFields> =
  (mongoose.models.LimitSweep as Model<LimitSweepFields>) ?? mongoose.model<LimitSweepFields>("LimitSweep", limitSweepSchema);
