import mongoose, { Schema, type Model } from "mongoose";

// The admin's synonym list: one document, "list", holding every group. The list is bounded (at most
// 500 groups of at most 12 phrases of at most 40 characters), so one read by _id serves a search
// and one write under the list's lock changes it. The document existing at all is what tells the
// seed the shop has a list already, so a default group an admin deleted is not put back.

const groupSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** Folded phrases (lib/validation/search-synonyms.ts), in the admin's order. */
    phrases: { type: [String], required: true },
    /** Raised by every change: a change or delete naming an older version is refused, not lost. */
    version: { type: Number, required: true, min: 1 },
  },
  { _id: false },
);

const searchSynonymsSchema = new Schema(
  {
    _id: { type: String, required: true },
    groups: { type: [groupSchema], default: [] },
    /** A new random id with every write: tells a process whether the map it built is of the latest list, even across a database emptied and seeded again. */
    revision: { type: String, required: true },
  },
  { collection: "searchsynonyms", versionKey: false, timestamps: true },
);

export type SynonymGroupFields = { _id: string; phrases: string[]; version: number };
export type SearchSynonymsFields = { _id: string; groups: SynonymGroupFields[]; revision: string };

export const SearchSynonyms: Model<SearchSynonymsFields> =
  (mongoose.models.SearchSynonyms as Model<SearchSynonymsFields>) ?? mongoose.model<SearchSynonymsFields>("SearchSynonyms", searchSynonymsSchema);
