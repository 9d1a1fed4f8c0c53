import mongoose, { Schema, type InferSchemaType, type Model } from "mongoose";

// One catalogue import run as a background job (lib/imports/): its stored file, how far it got
// (the checkpoint: the byte after the last committed batch and that batch's last line) and its counts.

const importJobSchema = new Schema(
  {
    kind: { type: String, enum: ["parts", "fitment"], required: true },
    mode: { type: String, enum: ["merge", "replace"], required: true, default: "merge" },
    /** The stored copy of the file, under IMPORTS_DIR. */
    file: { type: String, required: true },
    /** The file's name as the operator gave it, for the reports. */
    name: { type: String, required: true },
    status: { type: String, enum: ["queued", "running", "done", "failed"], required: true, default: "queued" },
    bytesTotal: { type: Number, required: true },
    /** The header's columns, read once from line 1. */
    columns: { type: [String], default: undefined },
    checkpoint: { bytes: { type: Number, default: 0 }, line: { type: Number, default: 0 } },
    counts: {
      rows: { type: Number, default: 0 },
      accepted: { type: Number, default: 0 },
      refused: { type: Number, default: 0 },
      added: { type: Number, default: 0 },
      updated: { type: Number, default: 0 },
      unchanged: { type: Number, default: 0 },
    },
    /** Replace mode: the parts whose fitment this job has replaced already, so a later batch (or a resumed job) merges. */
    replacedParts: { type: [String], default: undefined },
    /** Why a job failed: a file it cannot read as a whole. */
    error: String,
    startedAt: Date,
    finishedAt: Date,
  },
  { timestamps: true, collection: "importjobs" },
);
importJobSchema.index({ status: 1 });

export type ImportJobFields = InferSchemaType<typeof importJobSchema>;
export const ImportJob: Model<ImportJobFields> = (mongoose.models.ImportJob as Model<ImportJobFields>) ?? mongoose.model("ImportJob", importJobSchema);
