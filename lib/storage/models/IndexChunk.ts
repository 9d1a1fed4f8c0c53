import "server-only";
import mongoose, { Schema, type Model } from "mongoose";

// The ordered lists of lib/storage/ordered-index.ts: each list is cut into chunks of sorted keys, and a
// directory per list names its chunks in order with their first key and size. Every read and write
// of a list finds documents by _id only, the one lookup every engine answers from an index.

/** A key: the sort values, then the document's id, encoded as one string (lib/storage/ordered-index.ts). */
export type IndexKey = string;

export type IndexChunkFields = { _id: string; list: string; entries: IndexKey[] };

const indexChunkSchema = new Schema(
  {
    _id: { type: String, required: true },
    list: { type: String, required: true, index: true },
    entries: { type: [String], default: [] },
  },
  { collection: "indexchunks", versionKey: false },
);

export const IndexChunk: Model<IndexChunkFields> =
  (mongoose.models.IndexChunk as Model<IndexChunkFields>) ?? mongoose.model<IndexChunkFields>("IndexChunk", indexChunkSchema);

export type DirectoryEntry = { chunk: string; first: IndexKey; count: number };
/**
 * `counts`: for a list whose changes name what their keys bear (ListChange.counts), how many of its
 * keys bear each; absent on a list that was never counted, or not from its first key.
 */
export type IndexDirectoryFields = { _id: string; chunks: DirectoryEntry[]; total: number; nextChunk: number; counts?: Record<string, number> };

const indexDirectorySchema = new Schema(
  {
    _id: { type: String, required: true },
    chunks: { type: [Schema.Types.Mixed], default: [] },
    total: { type: Number, required: true, min: 0 },
    nextChunk: { type: Number, required: true, min: 0 },
    counts: { type: Schema.Types.Mixed },
  },
  { collection: "indexdirectories", versionKey: false, minimize: false },
);

export const IndexDirectory: Model<IndexDirectoryFields> =
  (mongoose.models.IndexDirectory as Model<IndexDirectoryFields>) ??
  mongoose.model<IndexDirectoryFields>("IndexDirectory", indexDirectorySchema);
