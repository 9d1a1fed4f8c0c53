import { isValidObjectId } from "mongoose";
import { connectDb } from "@/lib/db";
import type { NewPart } from "@/lib/validation/parts";
import { Part, type PartDoc } from "@/models/Part";

/** A part as pages and API replies show it. */
export type PartView = {
  _id: string;
  partsname: string;
  image: string;
  price: number;
  quantity: number;
  minOrder: number;
  description: string;
  createdAt: string;
  updatedAt: string;
};

export function toPartView(part: PartDoc & { createdAt?: Date; updatedAt?: Date }): PartView {
  return {
    _id: part._id.toString(),
    partsname: part.partsname,
    image: part.image,
    price: part.price,
    quantity: part.quantity,
    minOrder: part.minOrder,
    description: part.description,
    createdAt: (part.createdAt ?? new Date(0)).toISOString(),
    updatedAt: (part.updatedAt ?? part.createdAt ?? new Date(0)).toISOString(),
  };
}

/** The catalogue in its own order: oldest first, so the home page's "first 3" are stable. */
export async function listParts({ limit, skip = 0 }: { limit?: number; skip?: number } = {}): Promise<PartView[]> {
  await connectDb();
  let query = Part.find().sort({ createdAt: 1, _id: 1 }).skip(skip);
  if (limit !== undefined) query = query.limit(limit);
  const parts = await query.lean<PartDoc[]>();
  return parts.map(toPartView);
}

/** One part, or null when the id is malformed or unknown. */
export async function findPart(id: string): Promise<PartView | null> {
  if (!isValidObjectId(id) || !/^[0-9a-f]{24}$/i.test(id)) return null;
  await connectDb();
  const part = await Part.findById(id).lean<PartDoc>();
  return part ? toPartView(part) : null;
}

/** Adds a part to the catalogue (admin's add-product form). */
export async function addPart(input: NewPart): Promise<PartView> {
  await connectDb();
  const part = await Part.create({
    partsname: input.partsname,
    image: input.image,
    price: input.price,
    quantity: input.quantity,
    minOrder: input.minOrder,
    description: input.description,
  });
  return toPartView(part.toObject());
}
