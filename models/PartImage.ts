import mongoose, { Schema, type Model } from "mongoose";

// Pictures admins upload for parts, kept in the database so every process of the shop serves the
// same files and they survive restarts, wherever MONGODB_URI points. One document per file, keyed
// by the SHA-256 of its bytes (at most PART_IMAGE_MAX_BYTES, far under the 16 MB document limit);
// GridFS is not used because FerretDB v1 does not support it.
const partImageSchema = new Schema(
  {
    _id: { type: String, required: true },
    contentType: { type: String, required: true },
    data: { type: Buffer, required: true },
  },
  { collection: "partimages", versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);

export type PartImageFields = { _id: string; contentType: string; data: Buffer; createdAt?: Date };

export const PartImage: Model<PartImageFields> =
  (mongoose.models.PartImage as Model<PartImageFields>) ?? mongoose.model<PartImageFields>("PartImage", partImageSchema);
