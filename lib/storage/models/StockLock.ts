import "server-only";
import mongoose, { Schema, type Model } from "mongoose";

// One document per lock held (lib/storage/lock.ts): a stock ledger's item while its stock changes,
// a list or a counter while it is written. The lock is taken by inserting it: `_id` is unique in every MongoDB-compatible
// database, so exactly one insert wins, even on FerretDB whose findAndModify and
// conditional updates read and then write without atomicity.
const stockLockSchema = new Schema(
  {
    _id: { type: String, required: true },
    token: { type: String, required: true },
    /** A holder that crashed leaves its lock behind; after this it may be taken over. */
    expiresAt: { type: Date, required: true },
  },
  { collection: "stocklocks", versionKey: false },
);
// Locks taken together share a token and are let go together by it (lib/storage/lock.ts releaseLocks).
stockLockSchema.index({ token: 1 });

export type StockLockFields = { _id: string; token: string; expiresAt: Date };

export const StockLock: Model<StockLockFields> =
  (mongoose.models.StockLock as Model<StockLockFields>) ?? mongoose.model<StockLockFields>("StockLock", stockLockSchema);
