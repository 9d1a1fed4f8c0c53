import mongoose, { Schema, type Model, type Types } from "mongoose";

// What a part fits, one document per part and model year (lib/fitment/): its _id names both, so
// every read and write finds it by _id. Its applications say which engines and positions; an
// application without an engine fits every engine of the model that year.

export type FitmentApplication = { engine: string; engineName?: string; position?: string; note?: string };

export type FitmentFields = {
  _id: string;
  part: Types.ObjectId;
  year: number;
  /** Slugs (lib/vocabulary/vehicles.ts), and the names as the admin first spelled them. */
  make: string;
  model: string;
  makeName: string;
  modelName: string;
  applications: FitmentApplication[];
};

const fitmentSchema = new Schema<FitmentFields>(
  {
    _id: { type: String, required: true },
    part: { type: Schema.Types.ObjectId, required: true },
    year: { type: Number, required: true },
    make: { type: String, required: true },
    model: { type: String, required: true },
    makeName: { type: String, required: true },
    modelName: { type: String, required: true },
    applications: {
      type: [{ _id: false, engine: { type: String, default: "" }, engineName: String, position: String, note: String }],
      default: [],
    },
  },
  { collection: "fitments", versionKey: false },
);

export const Fitment: Model<FitmentFields> = (mongoose.models.Fitment as Model<FitmentFields>) ?? mongoose.model("Fitment", fitmentSchema);
