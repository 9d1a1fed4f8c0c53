import { z } from "@/lib/validation/zod";
import { objectId } from "@/lib/validation/common";
import { cartLineViewSchema } from "@/lib/validation/cart";
import { idempotencyKeySchema, orderSchema } from "@/lib/validation/orders";
import { orderViewSchema } from "@/lib/validation/responses";
import { DELIVERY_METHODS, PAYMENT_METHODS } from "@/models/Order";

// The checkout: a quote of the account's cart, and placing it. Shared by POST /checkout/quote,
// POST /checkout/orders and the checkout page's forms.

const deliveryMethod = z.enum(DELIVERY_METHODS, { error: `The delivery method must be one of: ${DELIVERY_METHODS.join(", ")}` });
const paymentMethod = z.enum(PAYMENT_METHODS, { error: `The payment method must be one of: ${PAYMENT_METHODS.join(", ")}` });

/** A checkout attempt's key, with the rules of every order's key: the client makes one per review and sends it again on every retry. */
export const idempotencyKeyField = idempotencyKeySchema;

export const checkoutQuoteSchema = z
  .object({
    addressId: objectId("addressId (a saved address's id)").optional(),
    deliveryMethod: deliveryMethod.optional(),
    paymentMethod: paymentMethod.optional(),
  })
  .meta({ id: "CheckoutQuoteInput" });

export type CheckoutQuoteInput = z.output<typeof checkoutQuoteSchema>;

/** Where the order goes: a saved address by id, or one typed in full, with the purchase form's rules. */
export const typedAddressFields = { name: orderSchema.shape.name, phone: orderSchema.shape.phone, address: orderSchema.shape.address };

const checkoutOrderObject = z.object({
  addressId: objectId("addressId (a saved address's id)").optional(),
  name: typedAddressFields.name.optional(),
  phone: typedAddressFields.phone.optional(),
  address: typedAddressFields.address.optional(),
  /** Keep a typed address in the account's saved addresses. */
  saveAddress: z.boolean().optional(),
  deliveryMethod,
  paymentMethod,
  expectedTotal: z
    .number({ error: "expectedTotal (the total you reviewed) must be a number" })
    .min(0, "expectedTotal must be 0 or more")
    .max(100_000_000, "expectedTotal is too large")
    .meta({ description: "The total the customer reviewed; if the server's total differs, nothing is placed (409 with the new quote)." }),
  idempotencyKey: idempotencyKeyField.meta({ description: "One per review; a retry with the same key gets the same order. The Idempotency-Key header may carry it instead." }),
});

const ADDRESS_GIVEN = {
  check: (input: { addressId?: string; name?: string; phone?: string; address?: string }) =>
    input.addressId !== undefined || (input.name !== undefined && input.phone !== undefined && input.address !== undefined),
  issue: { message: "Give a saved address's addressId, or the name, phone and address to deliver to", path: ["addressId"] },
};

export const checkoutOrderSchema = checkoutOrderObject.refine(ADDRESS_GIVEN.check, ADDRESS_GIVEN.issue).meta({ id: "CheckoutOrderInput" });

/** The checkout page's first step: where, how it travels and how it is paid. */
export const checkoutChoicesSchema = checkoutOrderObject.omit({ expectedTotal: true, idempotencyKey: true }).refine(ADDRESS_GIVEN.check, ADDRESS_GIVEN.issue);

export type CheckoutOrderInput = z.output<typeof checkoutOrderSchema>;

/** Where a typed address is and what it holds, as the checkout resolves it. */
export type DeliveryAddress = { name: string; phone: string; address: string };

// The replies, as the OpenAPI document publishes them and the tests check them.

const deliveryOptionSchema = z
  .object({
    method: z.enum(DELIVERY_METHODS),
    label: z.string(),
    price: z.number().meta({ description: "0 when free" }),
    deliveryBy: z.string().meta({ format: "date", description: "The estimated delivery date, counted in business days (Monday to Friday)" }),
  })
  .meta({ id: "DeliveryOption" });

export const checkoutQuoteViewSchema = z
  .object({
    lines: z.array(cartLineViewSchema),
    subtotal: z.number(),
    deliveryOptions: z.array(deliveryOptionSchema),
    deliveryMethod: z.enum(DELIVERY_METHODS),
    deliveryPrice: z.number(),
    deliveryBy: z.string().meta({ format: "date" }),
    total: z.number().meta({ description: "subtotal + deliveryPrice: send it as expectedTotal" }),
    paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
    paymentMethod: z.enum(PAYMENT_METHODS),
  })
  .meta({ id: "CheckoutQuote" });

export const checkoutQuoteReplySchema = z.object({ success: z.literal(true), quote: checkoutQuoteViewSchema }).meta({ id: "CheckoutQuoteReply" });

export const checkoutOrderPlacedSchema = z.object({ success: z.literal(true), message: z.string(), order: orderViewSchema }).meta({ id: "CheckoutOrderPlaced" });

/** A checkout refused by the stock or the prices as they are now: which lines are short, or the new quote to confirm. */
export const checkoutConflictSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    shortLines: z
      .array(z.object({ partId: z.string(), partsname: z.string(), wanted: z.number().int(), available: z.number().int() }))
      .optional()
      .meta({ description: "Every line the stock cannot fill now (short stock)" }),
    quote: checkoutQuoteViewSchema.optional().meta({ description: "The quote at today's prices (the total changed since the review): confirm with its total" }),
  })
  .meta({ id: "CheckoutConflict" });
