import { z } from "@/lib/validation/zod";
import { objectId } from "@/lib/validation/common";
import { MAX_ORDER_QUANTITY } from "@/lib/validation/orders";

// The cart's bodies (POST /cart/items, PATCH /cart/items/{partId}, and the cart forms) and replies.

/** The most lines one cart holds: a cart is read whole, each part by its id, so it stays bounded. */
export const MAX_CART_LINES = 50;

export const CART_MESSAGES = {
  quantity: "Quantity must be a whole number of at least 1",
  lineQuantity: "Quantity must be a whole number, 0 (to remove the line) or more",
} as const;

/** A whole number from `min`, as a number or the text a form sends ("3"); signs, fractions and exponents are refused. */
const wholeNumber = (min: 0 | 1, message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^[0-9]{1,7}$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(min, message).max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`));

export const cartAddSchema = z
  .object({
    partId: objectId("partId"),
    /** Added to the part's line if the cart has one; clamped to the part's rules. */
    quantity: wholeNumber(1, CART_MESSAGES.quantity),
  })
  .meta({ id: "CartAdd" });

export const cartLineChangeSchema = z
  .object({
    /** The line's new quantity, clamped to the part's rules; 0 removes the line. */
    quantity: wholeNumber(0, CART_MESSAGES.lineQuantity),
  })
  .meta({ id: "CartLineChange" });

export const cartLineViewSchema = z
  .object({
    partId: z.string(),
    partsname: z.string(),
    image: z.string().optional(),
    quantity: z.number().int(),
    unitPrice: z.number().meta({ description: "The part's price now" }),
    total: z.number().meta({ description: "unitPrice × quantity; 0 for a part deleted since" }),
    minOrder: z.number().int(),
    maxOrder: z.number().int().meta({ description: "The most this line may hold now: the lesser of the stock and the part's per-order maximum" }),
    inStock: z.boolean(),
    partDeleted: z.boolean().meta({ description: "The part was deleted since it was added: the line can only be removed, and the checkout refuses it" }),
    notices: z.array(z.string()).meta({ description: 'What the customer must know: "Only 3 left", "Out of stock", "The price changed from $10.00 to $12.00 since you added it", …' }),
  })
  .meta({ id: "CartLine" });

export const cartViewSchema = z
  .object({
    lines: z.array(cartLineViewSchema),
    itemCount: z.number().int().meta({ description: "The units of every line together" }),
    subtotal: z.number(),
  })
  .meta({ id: "Cart" });

export const cartReplySchema = z.object({ success: z.literal(true), message: z.string().optional(), cart: cartViewSchema }).meta({ id: "CartReply" });

export const cartChangedReplySchema = z
  .object({ success: z.literal(true), message: z.string().meta({ description: "What the cart now holds of the part, or what the part's rules changed" }), cart: cartViewSchema })
  .meta({ id: "CartChanged" });
