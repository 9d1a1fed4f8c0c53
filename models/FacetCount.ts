import mongoose, { Schema, type Model } from "mongoose";

// How the parts of one facet value (a category, a brand, a price range) spread over every facet's
// values, kept on every part write (lib/catalogue/facet-counts.ts), so a catalogue page narrowed by
// that value counts its facets from one document instead of reading every part's key.
const facetCountSchema = new Schema(
  {
    /** The value's list (lib/catalogue/facets.ts): "category:brakes", "brand:bosch", "price-band:under-25". */
    _id: { type: String, required: true },
    /** Parts with the value: equal to its list's size when the counts can be trusted. */
    total: { type: Number, required: true, default: 0 },
    /** Parts per category slug, brand slug and price range among them. */
    category: { type: Schema.Types.Mixed, default: {} },
    brand: { type: Schema.Types.Mixed, default: {} },
    price: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: "facetcounts", versionKey: false, minimize: false },
);

export type FacetCountFields = { _id: string; total: number; category: Record<string, number>; brand: Record<string, number>; price: Record<string, number> };

export const FacetCount: Model<FacetCountFields> =
  (mongoose.models.FacetCount as Model<FacetCountFields>) ?? mongoose.model<FacetCountFields>("FacetCount", facetCountSchema);
