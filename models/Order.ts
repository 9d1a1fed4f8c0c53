import mongoose, { Schema, type InferSchemaType, type Model, type Types } from "mongoose";
import { dueMailSchema } from "./due-mail";

export const ORDER_STATUSES = ["placed", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How a customer pays. A card provider would be one more method whose payment starts "pending". */
export const PAYMENT_METHODS = ["bank-transfer", "cash-on-delivery"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether the shop has the money: a bank transfer once an admin marks it paid, cash once delivered. */
export const PAYMENT_STATUSES = ["unpaid", "paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const DELIVERY_METHODS = ["standard", "express"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** One part of an order, as it was when the order was placed. */
const lineSchema = new Schema(
  {
    partId: { type: Schema.Types.ObjectId, ref: "Part", required: true },
    partsname: { type: String, required: true },
    /** Unit price at the time of the order. */
    unitPrice: { type: Number, required: true, min: 0 },
    quantity: { type: Number, required: true, min: 1, validate: Number.isInteger },
    /** unitPrice × quantity, computed by the server. */
    total: { type: Number, required: true, min: 0 },
  },
  { _id: false },
);

const orderSchema = new Schema(
  {
    /**
     * The order's parts. Absent on orders placed before an order had lines: those are read as one
     * line from the fields below (lib/orders/views.ts linesOf).
     */
    lines: { type: [lineSchema], default: undefined },
    // The first line, as SPEC 7's replies show an order to the original client.
    partId: { type: Schema.Types.ObjectId, ref: "Part", required: true },
    partsname: { type: String, required: true },
    unitPrice: { type: Number, required: true, min: 0 },
    quantity: { type: Number, required: true, min: 1, validate: Number.isInteger },
    /** What the customer pays: the lines' subtotal plus delivery, computed by the server. */
    total: { type: Number, required: true, min: 0 },
    /** The order number customers and staff quote ("AP-100042"); absent on older orders (views derive one). */
    number: { type: String },
    /** The lines' total; absent on older orders, whose total is their one line's. */
    subtotal: { type: Number, min: 0 },
    deliveryMethod: { type: String, enum: DELIVERY_METHODS },
    deliveryPrice: { type: Number, min: 0 },
    /** The estimated delivery date promised at checkout. */
    deliveryBy: { type: Date },
    paymentMethod: { type: String, enum: PAYMENT_METHODS },
    paymentStatus: { type: String, enum: PAYMENT_STATUSES },
    /** A bank transfer's reference, which the customer quotes on the transfer. */
    paymentReference: { type: String },
    paidAt: { type: Date },
    /** The checkout attempt that placed the order: a retry with the same key gets this order back. */
    idempotencyKey: { type: String, select: false },
    name: { type: String, required: true, trim: true, maxlength: 120 },
    email: { type: String, required: true, trim: true, lowercase: true, maxlength: 254 },
    phone: { type: String, required: true, trim: true, maxlength: 40 },
    address: { type: String, required: true, trim: true, maxlength: 500 },
    status: { type: String, enum: ORDER_STATUSES, required: true, default: "placed" },
    /** Mails recorded as due with this order's changes and not yet queued (models/due-mail.ts). */
    mailsDue: { type: [dueMailSchema], default: undefined, select: false },
  },
  { timestamps: true, collection: "orders" },
);

// The order lists and the revenue by day are kept on write (lib/orders/order-lists.ts, day-totals.ts).
// Queries by field: a part's open orders, before the part may be deleted (an order's first part,
// and every line's); a customer's orders, read in one query when they are few (lib/orders/queries.ts);
// an order by its number; a checkout attempt's order.
orderSchema.index({ partId: 1, status: 1 });
orderSchema.index({ "lines.partId": 1, status: 1 });
orderSchema.index({ email: 1 });
orderSchema.index({ number: 1 });
orderSchema.index({ idempotencyKey: 1 });
// The mail sweep finds orders with mail recorded lately by this, never by reading every order (lib/mail/relay.ts).
orderSchema.index({ "mailsDue.at": 1 });

export type OrderFields = InferSchemaType<typeof orderSchema>;
export type OrderDoc = OrderFields & { _id: Types.ObjectId };
export type OrderLineFields = InferSchemaType<typeof lineSchema>;

export const Order: Model<OrderFields> = (mongoose.models.Order as Model<OrderFields>) ?? mongoose.model("Order", orderSchema);
