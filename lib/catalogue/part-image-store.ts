import "server-only";
import { createHash } from "node:crypto";
import { connectDb } from "@/lib/storage/connect";
import { InvalidInputError, UnsupportedContentError } from "@/lib/errors";
import { pictureTypeOf } from "@/lib/catalogue/image-type";
import { uploadedPartImagePath, type PartImageType } from "@/lib/validation/part-image";
import { PartImage } from "@/models/PartImage";

// The only door to the uploaded part pictures (models/PartImage.ts).

export type StoredPicture = { url: string; contentType: PartImageType; bytes: number };
export type PictureFile = { sha256: string; contentType: string; data: Buffer };

/** Keeps an uploaded picture (its size already capped by the caller); the same file uploaded twice is stored once, at the same URL. */
export async function savePartImage(data: Buffer): Promise<StoredPicture> {
  if (data.byteLength === 0) throw new InvalidInputError("The request body is empty; send the picture file as the body.");
  const contentType = pictureTypeOf(data);
  if (!contentType) throw new UnsupportedContentError("The file is not a JPEG, PNG, WebP or GIF picture (checked by its content, not its name).");
  const sha256 = createHash("sha256").update(data).digest("hex");
  await connectDb();
  // Inserts only: a second upload of the same file changes nothing.
  await PartImage.updateOne({ _id: sha256 }, { $setOnInsert: { contentType, data } }, { upsert: true });
  return { url: uploadedPartImagePath(sha256), contentType, bytes: data.byteLength };
}

/** An uploaded picture by its SHA-256 (already validated), or null. */
export async function findPartImage(sha256: string): Promise<PictureFile | null> {
  await connectDb();
  // Not lean: a lean read gives the driver's Binary; the document gives a Buffer.
  const picture = await PartImage.findById(sha256);
  return picture ? { sha256, contentType: picture.contentType, data: picture.data } : null;
}
