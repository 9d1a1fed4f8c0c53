import { z } from "@/lib/validation/zod";
import { emailField } from "@/lib/validation/auth";
import { EMAIL_DOC_PATTERN, objectId, requiredText } from "@/lib/validation/common";

// SPEC 5, purchase form; shared by the form and POST /orderd.
export const ORDER_MESSAGES = {
  quantity: "Quantity must be a whole number of at least 1",
  address: "address  is required",
  phone: "Phone Number is required",
  name: "Name is required",
} as const;

export const MAX_ORDER_QUANTITY = 1_000_000;

/** SPEC 5's range message, used when the quantity is outside minOrder..stock. */
export const quantityRangeMessage = (minOrder: number, stock: number) => `Min Order ${minOrder} Max order ${stock}`;

/**
 * The purchase form sends the text typed, so a whole-number string is accepted as well as a number.
 * Signs, fractions, exponents ("1e3") and empty text are refused.
 */
export const orderQuantity = z
  .union(
    [
      z.number().int(ORDER_MESSAGES.quantity).min(1, ORDER_MESSAGES.quantity).max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
      z.string().trim().regex(/^0*[1-9][0-9]{0,6}$/, ORDER_MESSAGES.quantity).transform(Number),
    ],
    { error: ORDER_MESSAGES.quantity },
  )
  .pipe(z.number().int().min(1, ORDER_MESSAGES.quantity).max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`));

export const orderSchema = z.object({
  /** The part's id (SPEC 7 sends it as `_id`); the order gets an id of its own. */
  _id: objectId("_id (the part id)"),
  name: requiredText(120, ORDER_MESSAGES.name),
  email: emailField.meta({ format: "email", pattern: EMAIL_DOC_PATTERN }),
  quantity: orderQuantity,
  phone: requiredText(40, ORDER_MESSAGES.phone),
  address: requiredText(500, ORDER_MESSAGES.address),
  /** Sent by the original client; ignored: the server uses the part's own name and price. */
  partsname: z.string().max(200).optional(),
  price: z.union([z.number(), z.string().max(40)]).optional(),
})
  .meta({ id: "OrderInput" });

export type OrderInput = z.input<typeof orderSchema>;

/** A price in whole cents (prices are stored in whole cents; this rounds away float noise such as 0.29 × 100). */
export const toCents = (price: number): number => Math.round(price * 100);

/**
 * SPEC 9: unit price times quantity, multiplied in whole cents (exact integers), so 0.1 × 3 is 0.3
 * and no float drift creeps into large orders. Shared by the live total on the form and the server.
 */
export const orderTotal = (unitPrice: number, quantity: number): number => (toCents(unitPrice) * quantity) / 100;

/**
 * The purchase form: the shared order fields, with the quantity checked against this part's range.
 * The quantity stays the text typed (SPEC 7 sends it so); any text that is not a whole number in
 * minOrder..stock gets SPEC 5's range message.
 */
export function purchaseFormSchema(minOrder: number, stock: number) {
  const range = quantityRangeMessage(minOrder, stock);
  return orderSchema.pick({ name: true, email: true, phone: true, address: true }).extend({
    quantity: z.string().refine((text) => {
      const parsed = orderQuantity.safeParse(text);
      return parsed.success && parsed.data >= minOrder && parsed.data <= stock;
    }, range),
  });
}

export type PurchaseFormInput = z.input<ReturnType<typeof purchaseFormSchema>>;
export type PurchaseFormValues = z.output<ReturnType<typeof purchaseFormSchema>>;

/** The most lines one order may have: a cart's. */
export const MAX_ORDER_LINES = 50;

/** One line of an order of several parts: a part and how many. */
export const orderLineSchema = z.object({ partId: objectId("partId"), quantity: orderQuantity });

/** An order's lines: 1 to MAX_ORDER_LINES (the same part twice is summed into one line when placed). */
export const orderLinesSchema = z
  .array(orderLineSchema, { error: "lines must be a list of parts and quantities" })
  .min(1, "An order needs at least one part")
  .max(MAX_ORDER_LINES, `An order may have at most ${MAX_ORDER_LINES} parts`);

/**
 * The key a client sends with an attempt to place an order (a UUID, say): the same key from the same
 * customer again places nothing new and gets that order back.
 */
export const idempotencyKeySchema = z
  .string({ error: "The idempotency key must be text" })
  .trim()
  .min(8, "The idempotency key must be 8 to 100 characters")
  .max(100, "The idempotency key must be 8 to 100 characters")
  .regex(/^[A-Za-z0-9._:-]+$/, "The idempotency key may hold only letters, digits and . _ : -");

/** A sum of prices added in whole cents, so no float drift creeps in. */
export const sumOfPrices = (prices: number[]): number => prices.reduce((cents, price) => cents + toCents(price), 0) / 100;
