import mongoose, { Schema, type Model } from "mongoose";

// A cart kept on the server, one document per owner: `_id` is "account:<email>" or
// "visitor:<random id>" (lib/cart/owners.ts), so finding or creating one needs no other index.
const cartLineSchema = new Schema(
  {
    partId: { type: String, required: true },
    /** The part's name when it was added, so a line whose part was deleted since can still be named. */
    partsname: { type: String, required: true, maxlength: 120 },
    quantity: { type: Number, required: true, min: 1, validate: Number.isInteger },
    /** The unit price when the customer added it: a change since is shown on the line. */
    priceWhenAdded: { type: Number, required: true, min: 0 },
  },
  { _id: false },
);

const cartSchema = new Schema(
  {
    _id: { type: String, required: true },
    lines: { type: [cartLineSchema], default: [] },
    touchedAt: { type: Date, required: true },
    /**
     * The day (since the epoch, UTC) after which a cart left alone is forgotten. FerretDB v1 refuses
     * TTL indexes, so the sweep deletes the carts of each passed day by equality (lib/cart/forgetting.ts).
     */
    forgetAfterDay: { type: Number, required: true },
  },
  { collection: "carts", versionKey: false },
);

// Equality only, so it is pushed down to the engine: the carts whose last day has passed.
cartSchema.index({ forgetAfterDay: 1 });

export type CartLineFields = { partId: string; partsname: string; quantity: number; priceWhenAdded: number };
export type CartFields = { _id: string; lines: CartLineFields[]; touchedAt: Date; forgetAfterDay: number };

export const Cart: Model<CartFields> = (mongoose.models.Cart as Model<CartFields>) ?? mongoose.model<CartFields>("Cart", cartSchema);

// How far the sweep of forgotten carts has gone: one document, "carts", shared by every process.
const cartSweepSchema = new Schema({ _id: { type: String, required: true }, day: { type: Number, required: true } }, { collection: "cartsweeps", versionKey: false });

export type CartSweepFields = { _id: string; day: number };

export const CartSweep: Model<CartSweepFields> =
  (mongoose.models.CartSweep as Model<CartSweepFields>) ?? mongoose.model<CartSweepFields>("CartSweep", cartSweepSchema);
