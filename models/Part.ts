import mongoose, { Schema, type InferSchemaType, type Model, type Types } from "mongoose";

const partSchema = new Schema(
  {
    partsname: { type: String, required: true, trim: true, maxlength: 120 },
    image: { type: String, required: true, trim: true, maxlength: 2048 },
    /** Unit price in US dollars, whole cents. */
    price: { type: Number, required: true, min: 0 },
    /** Units in stock. */
    quantity: { type: Number, required: true, min: 0, validate: Number.isInteger },
    minOrder: { type: Number, required: true, min: 1, default: 1, validate: Number.isInteger },
    /** The most one order may take; unset on parts stored before it existed (maxPerOrderOf gives the default). */
    maxPerOrder: { type: Number, min: 1, validate: Number.isInteger },
    description: { type: String, required: true, trim: true, maxlength: 4000 },
    /** Unset when not known, as on parts stored before they existed. */
    brand: { type: String, trim: true, maxlength: 60 },
    /** A slug of PART_CATEGORIES (lib/vocabulary/categories.ts). */
    category: { type: String, trim: true, maxlength: 40 },
    /** Manufacturer part number, as the admin wrote it; matched by its compact form (lib/vocabulary/part-numbers.ts). */
    mpn: { type: String, trim: true, maxlength: 40 },
    /** The shop's own number: no two parts share one (lib/catalogue/sku-claims.ts). */
    sku: { type: String, trim: true, maxlength: 40 },
    /** GTIN-8/12/13/14, digits only. */
    gtin: { type: String, trim: true, maxlength: 14 },
    oemNumbers: { type: [String], default: undefined },
    /** Fits every vehicle (lib/fitment/); false once an admin has said it does not, unset before. */
    universal: { type: Boolean },
    /**
     * The order journal of placeOrder (lib/storage/stock-ledger.ts): stock taken for these orders, whose order
     * documents may not be stored yet. Taken in the same single-document write as the stock, so a
     * crash at any instant leaves enough to settle it. Between orders it names stored orders or none; never shown.
     */
    stockTakenFor: {
      type: [{ _id: false, order: { type: Schema.Types.ObjectId, required: true }, units: { type: Number, required: true } }],
      default: undefined,
      select: false,
    },
    /** The note token of the last cancel or delete that put stock back (lib/orders/order-changes.ts), so a completion puts it back once. */
    restockedFor: { type: String, select: false },
  },
  { timestamps: true, collection: "parts" },
);

// Every part is read by _id, and the catalogue's orders, search and facets are lists the shop keeps
// itself (lib/catalogue/lists.ts), with one exception: the "in stock" facet finds the parts at 0 by
// equality (lib/catalogue/out-of-stock.ts), which changes with every order, so no list could keep it cheaply.
partSchema.index({ quantity: 1 });

export type PartFields = InferSchemaType<typeof partSchema>;
export type PartDoc = PartFields & { _id: Types.ObjectId };

export const Part: Model<PartFields> = (mongoose.models.Part as Model<PartFields>) ?? mongoose.model("Part", partSchema);
