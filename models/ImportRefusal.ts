import mongoose, { Schema, type Model } from "mongoose";

// A row an import job refused, with its reason and its cells. Its _id is the job's id and the line,
// so a batch replayed after a crash stores each refusal once.

export type ImportRefusalFields = { _id: string; job: string; line: number; reason: string; cells: string[] };

const importRefusalSchema = new Schema<ImportRefusalFields>(
  {
    _id: { type: String, required: true },
    job: { type: String, required: true },
    line: { type: Number, required: true },
    reason: { type: String, required: true },
    cells: { type: [String], default: [] },
  },
  { collection: "importrefusals", versionKey: false },
);
importRefusalSchema.index({ job: 1, line: 1 });

export const ImportRefusal: Model<ImportRefusalFields> = (mongoose.models.ImportRefusal as Model<ImportRefusalFields>) ?? mongoose.model("ImportRefusal", importRefusalSchema);
