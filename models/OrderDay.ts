import mongoose, { Schema, type Model } from "mongoose";

// The orders and revenue of one UTC day, kept on every order write (lib/orders/day-totals.ts), so
// the revenue chart reads one document per day instead of every order of the period.
const orderDaySchema = new Schema(
  {
    /** The UTC day, "2026-11-23". */
    _id: { type: String, required: true },
    /** Orders placed that day and not cancelled (shipped and delivered ones count). */
    orders: { type: Number, required: true, default: 0 },
    /** The totals of those paid (or placed before payments existed), in whole cents, so sums stay exact. */
    revenueCents: { type: Number, required: true, default: 0 },
  },
  { collection: "orderdays", versionKey: false },
);

export type OrderDayFields = { _id: string; orders: number; revenueCents: number };

export const OrderDay: Model<OrderDayFields> =
  (mongoose.models.OrderDay as Model<OrderDayFields>) ?? mongoose.model<OrderDayFields>("OrderDay", orderDaySchema);
