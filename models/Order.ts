import mongoose, { Schema, type InferSchemaType, type Model, type Types } from "mongoose";

export const ORDER_STATUSES = ["placed", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const orderSchema = new Schema(
  {
    partId: { type: Schema.Types.ObjectId, ref: "Part", required: true },
    partsname: { type: String, required: true },
    /** Unit price at the time of the order. */
    unitPrice: { type: Number, required: true, min: 0 },
    quantity: { type: Number, required: true, min: 1, validate: Number.isInteger },
    /** unitPrice × quantity, computed by the server. */
    total: { type: Number, required: true, min: 0 },
    name: { type: String, required: true, trim: true, maxlength: 120 },
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 254 },
    phone: { type: String, required: true, trim: true, maxlength: 40 },
    address: { type: String, required: true, trim: true, maxlength: 500 },
    status: { type: String, enum: ORDER_STATUSES, required: true, default: "placed" },
  },
  { timestamps: true, collection: "orders" },
);

// The order lists and the revenue by day are kept on write (lib/orders/order-lists.ts, day-totals.ts).
// Queries by field: a part's open orders, before the part may be deleted; a customer's orders, read
// in one query when they are few (lib/orders/order-pages.ts).
orderSchema.index({ partId: 1, status: 1 });
orderSchema.index({ email: 1 });

export type OrderFields = InferSchemaType<typeof orderSchema>;
export type OrderDoc = OrderFields & { _id: Types.ObjectId };

export const Order: Model<OrderFields> = (mongoose.models.Order as Model<OrderFields>) ?? mongoose.model("Order", orderSchema);
