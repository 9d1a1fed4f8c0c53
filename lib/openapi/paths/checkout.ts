import { jsonSchemaOf } from "@/lib/openapi/components";
import { jsonBody, ok, pathItem } from "@/lib/openapi/operations";
import type { Parameter } from "@/lib/openapi/parameters";
import { idempotencyKeyField } from "@/lib/validation/checkout";

// The checkout's paths: a quote of the signed-in customer's cart, and placing it as one order.

const idempotencyKeyHeader: Parameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "The checkout attempt's key, instead of the body's `idempotencyKey` (if both are sent they must be equal, else 400).",
  schema: jsonSchemaOf(idempotencyKeyField, "input"),
};

export const checkoutPaths = {
  ...pathItem("/checkout/quote", {
    post: {
      operationId: "quoteCheckout",
      summary: "Price the cart for checkout",
      description:
        "What the signed-in customer's cart would cost now: its lines with their notices, the subtotal, each delivery method with its price and estimated delivery date (business days; standard is free from the shop's amount on), the chosen method's price, the total and the payment methods. Changes nothing. A saved address's `addressId` that is not the customer's is a 404.",
      access: "signedIn",
      body: jsonBody("CheckoutQuoteInput", false),
      replies: ok(200, "The quote.", "CheckoutQuoteReply"),
      outcomes: [404],
    },
  }),
  ...pathItem("/checkout/orders", {
    post: {
      operationId: "placeCheckout",
      summary: "Place the cart as one order",
      description:
        "The signed-in customer's cart becomes one order, all or nothing, at the server's prices, delivered to a saved address (`addressId`) or the `name`, `phone` and `address` given (`saveAddress` keeps them). `expectedTotal` is the total the customer reviewed: if the total now differs nothing is placed (409 with the new `quote`; confirm again with its total). Short stock is a 409 naming every short line (`shortLines`). An empty cart, or a line whose part has left the catalogue, is a 400. The cart is emptied once the order is placed. A retry with the same idempotency key (body or header) answers 200 with the same order and changes nothing.",
      access: "signedIn",
      parameters: [idempotencyKeyHeader],
      body: jsonBody("CheckoutOrderInput"),
      replies: {
        ...ok(201, "The order placed; the cart is now empty.", "CheckoutOrderPlaced"),
        ...ok(200, "The order an earlier request with the same key placed.", "CheckoutOrderPlaced"),
        ...ok(409, "Nothing placed: the stock cannot fill every line now (`shortLines` names each), or the total changed since the review (`quote` has the new one).", "CheckoutConflict"),
      },
      outcomes: [404],
    },
  }),
};
