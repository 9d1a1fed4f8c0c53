import mongoose, { Schema, type Model } from "mongoose";

// What an admin sets for the whole shop: delivery prices and times, when standard delivery is free,
// how long an unpaid bank transfer is held, and the bank details a transfer is paid to. One
// document, "shop"; a missing field reads as its default (lib/settings/shop-settings.ts).
const shopSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    standardDeliveryPrice: { type: Number, min: 0 },
    standardDeliveryDays: { type: Number, min: 1 },
    expressDeliveryPrice: { type: Number, min: 0 },
    expressDeliveryDays: { type: Number, min: 1 },
    /** Standard delivery is free for a subtotal of at least this much. */
    freeStandardDeliveryFrom: { type: Number, min: 0 },
    /** Days an unpaid bank-transfer order waits before it is cancelled and restocked. */
    unpaidTransferDays: { type: Number, min: 1 },
    bankAccountName: { type: String, trim: true, maxlength: 120 },
    bankIban: { type: String, trim: true, maxlength: 40 },
    bankBic: { type: String, trim: true, maxlength: 20 },
  },
  { collection: "shopsettings", versionKey: false, timestamps: true },
);

export type ShopSettingsFields = {
  standardDeliveryPrice: number;
  standardDeliveryDays: number;
  expressDeliveryPrice: number;
  expressDeliveryDays: number;
  freeStandardDeliveryFrom: number;
  unpaidTransferDays: number;
  bankAccountName: string;
  bankIban: string;
  bankBic: string;
};

export const ShopSettings: Model<ShopSettingsFields & { _id: string }> =
  (mongoose.models.ShopSettings as Model<ShopSettingsFields & { _id: string }>) ?? mongoose.model<ShopSettingsFields & { _id: string }>("ShopSettings", shopSettingsSchema);
