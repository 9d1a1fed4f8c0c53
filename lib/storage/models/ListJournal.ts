import "server-only";
import mongoose, { Schema, type Model } from "mongoose";

// Writes of documents and their lists in progress (lib/storage/list-journal.ts): one note per thing
// written (a part, the reviews, an account, a part's order change), read by _id, and at start-up the few left by a crash.

export type ListJournalFields = { _id: string; token: string; entry: unknown; at: Date };

const listJournalSchema = new Schema(
  {
    _id: { type: String, required: true },
    token: { type: String, required: true },
    entry: { type: Schema.Types.Mixed, required: true },
    at: { type: Date, required: true },
  },
  { collection: "listjournal", versionKey: false, minimize: false },
);

export const ListJournal: Model<ListJournalFields> =
  (mongoose.models.ListJournal as Model<ListJournalFields>) ?? mongoose.model<ListJournalFields>("ListJournal", listJournalSchema);
