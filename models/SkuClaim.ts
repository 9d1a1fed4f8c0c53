import mongoose, { Schema, type Model, type Types } from "mongoose";

// One document per SKU in use, its _id the SKU's compact form: _id is unique on every engine, so of
// two parts given one SKU at once exactly one insert wins (lib/catalogue/sku-claims.ts).

export type SkuClaimFields = { _id: string; part: Types.ObjectId };

const skuClaimSchema = new Schema<SkuClaimFields>(
  {
    _id: { type: String, required: true },
    part: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: "skuclaims", versionKey: false },
);

export const SkuClaim: Model<SkuClaimFields> = (mongoose.models.SkuClaim as Model<SkuClaimFields>) ?? mongoose.model("SkuClaim", skuClaimSchema);
