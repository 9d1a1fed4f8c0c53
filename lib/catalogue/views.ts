import { isPartCategory, type PartCategory } from "@/lib/vocabulary/categories";
import { maxPerOrderOf } from "@/lib/validation/parts";
import type { PartDoc } from "@/models/Part";

/** A part as pages and API replies show it. */
export type PartView = {
  _id: string;
  partsname: string;
  image: string;
  price: number;
  quantity: number;
  minOrder: number;
  /** The most one order may take (the part's own maximum or the default). */
  maxPerOrder: number;
  description: string;
  /** Null (or [] for oemNumbers) when not known. */
  brand: string | null;
  category: PartCategory | null;
  mpn: string | null;
  sku: string | null;
  gtin: string | null;
  oemNumbers: string[];
  /** Fits every vehicle (lib/fitment/). */
  universal: boolean;
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
    maxPerOrder: maxPerOrderOf(part),
    description: part.description,
    brand: part.brand ?? null,
    category: isPartCategory(part.category) ? part.category : null,
    mpn: part.mpn ?? null,
    sku: part.sku ?? null,
    gtin: part.gtin ?? null,
    oemNumbers: part.oemNumbers ?? [],
    universal: part.universal === true,
    createdAt: (part.createdAt ?? new Date(0)).toISOString(),
    updatedAt: (part.updatedAt ?? part.createdAt ?? new Date(0)).toISOString(),
  };
}
