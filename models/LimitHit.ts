import mongoose, { Schema, type Model } from "mongoose";

// One document per counted hit of a limit (lib/limits/database-store.ts), used when there is no
// Redis. Its `_id` is the key and the hit's number in that key's sequence, so two processes can
// never both count the same next hit: `_id` is unique on every MongoDB-compatible server, and an
// insert is the one write FerretDB v1 makes atomically.
const limitHitSchema = new Schema(
  {
    /** `<key>#<seq>`. */
    _id: { type: String, required: true },
    /** `<limit name>:<key>`, e.g. `signin-ip:203.0.113.5`. */
    key: { type: String, required: true },
    /** The hit's number in the key's sequence, from 1. */
    seq: { type: Number, required: true },
    /** When it was counted (ms since the epoch). */
    at: { type: Number, required: true },
    /** The minute (since the epoch) after which it has left its window and may be swept away. */
    sweepAt: { type: Number, required: true },
  },
  { collection: "limithits", versionKey: false },
);

// Equality only, so both are pushed down to the engine (README, "The embedded database").
limitHitSchema.index({ key: 1 }); // a key's hits
limitHitSchema.index({ sweepAt: 1 }); // the hits whose window ended in one minute

export type LimitHitFields = { _id: string; key: string; seq: number; at: number; sweepAt: number };

export const LimitHit: Model<LimitHitFields> =
  (mongoose.models.LimitHit as Model<LimitHitFields>) ?? mongoose.model<LimitHitFields>("LimitHit", limitHitSchema);
