import mongoose, { Schema, type Model } from "mongoose";

// When a job that runs once for all server processes last ran (lib/orders/unpaid-transfers.ts): a
// process that wins the job's lock runs it only when its last check is old enough.
const scheduledRunSchema = new Schema(
  {
    /** The job's name. */
    _id: { type: String, required: true },
    lastRunAt: { type: Date, required: true },
  },
  { collection: "scheduledruns", versionKey: false },
);

export type ScheduledRunFields = { _id: string; lastRunAt: Date };

export const ScheduledRun: Model<ScheduledRunFields> =
  (mongoose.models.ScheduledRun as Model<ScheduledRunFields>) ?? mongoose.model<ScheduledRunFields>("ScheduledRun", scheduledRunSchema);
