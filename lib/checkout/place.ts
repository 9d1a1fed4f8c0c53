import "server-only";
import { type AddressChoice, deliveryAddress } from "@/lib/checkout/address";
import { cartOf, emptyCartAfterOrder } from "@/lib/checkout/cart";
import { businessDaysAfter, deliveryPrice } from "@/lib/checkout/delivery";
import { type CheckoutQuote, quoteOf } from "@/lib/checkout/quote";
import { orderPlacedWith } from "@/lib/checkout/replay";
import { ConflictError, InvalidInputError } from "@/lib/errors";
import { placeOrderLines } from "@/lib/orders/place-lines";
import { PricesChangedError } from "@/lib/orders/placement-errors";
import type { OrderView } from "@/lib/orders/views";
import { formatPrice } from "@/lib/site/format";
import { readShopSettings } from "@/lib/settings/shop-settings";
import { addAddress } from "@/lib/users/addresses";
import type { DeliveryMethod, PaymentMethod } from "@/models/Order";

export type PlaceCheckoutInput = AddressChoice & {
  saveAddress?: boolean;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
  expectedTotal: number;
  idempotencyKey: string;
};

/** The order, whether this call placed it or an earlier one with the same key did, and whether a typed address was saved. */
export type PlacedCheckout = { order: OrderView; replayed: boolean; addressSaved: boolean };

/** The total changed since the review: nothing was placed; `quote` (also in the reply) is the cart as it costs now. */
export class CheckoutPricesChangedError extends ConflictError {
  constructor(readonly quote: CheckoutQuote) {
    super(`Prices changed since you reviewed your order: the total is now ${formatPrice(quote.total)}.`, { quote });
  }
}

/** A cart line whose part has left the catalogue cannot be ordered: the customer removes it first. */
function refuseGoneParts(lines: { partsname: string; partDeleted: boolean }[]): void {
  const gone = lines.filter((line) => line.partDeleted).map((line) => line.partsname);
  if (gone.length > 0) throw new InvalidInputError(`No longer sold: ${gone.join(", ")}. Remove ${gone.length === 1 ? "it" : "them"} from your cart to go on.`);
}

/**
 * Places the account's cart as one order, all or nothing, at the server's prices. A key already
 * used by this account returns that order and leaves the cart alone (a double click, a retry, a
 * second tab); a new order empties the cart.
 */
export async function placeCheckout(email: string, input: PlaceCheckoutInput): Promise<PlacedCheckout> {
  const earlier = await orderPlacedWith(email, input.idempotencyKey);
  if (earlier) return { order: earlier, replayed: true, addressSaved: false };
  const address = await deliveryAddress(email, input);
  const cart = await cartOf(email);
  if (cart.lines.length === 0) {
    // The first of two requests sent together may have placed the order and emptied the cart meanwhile.
    const placed = await orderPlacedWith(email, input.idempotencyKey);
    if (placed) return { order: placed, replayed: true, addressSaved: false };
    throw new InvalidInputError("Your cart is empty.");
  }
  refuseGoneParts(cart.lines);
  const settings = await readShopSettings();
  const now = new Date();
  const days = input.deliveryMethod === "express" ? settings.expressDeliveryDays : settings.standardDeliveryDays;
  let placed: { order: OrderView; replayed: boolean };
  try {
    placed = await placeOrderLines({
      email,
      ...address,
      lines: cart.lines.map((line) => ({ partId: line.partId, quantity: line.quantity })),
      deliveryMethod: input.deliveryMethod,
      priceDelivery: (subtotal: number) => ({ price: deliveryPrice(input.deliveryMethod, subtotal, settings), by: new Date(businessDaysAfter(now, days)) }),
      paymentMethod: input.paymentMethod,
      expectedTotal: input.expectedTotal,
      idempotencyKey: input.idempotencyKey,
    });
  } catch (error) {
    if (error instanceof PricesChangedError) throw new CheckoutPricesChangedError(await quoteOf((await cartOf(email)).lines, input));
    throw error;
  }
  if (placed.replayed) return { ...placed, addressSaved: false };
  await emptyCartAfterOrder(email, placed.order.lines.map((line) => line.partId));
  return { ...placed, addressSaved: input.saveAddress === true && input.addressId === undefined && (await savedQuietly(email, address)) };
}

/** Keeps a typed address for next time; a full address book never costs the customer the order just placed. */
async function savedQuietly(email: string, address: { name: string; phone: string; address: string }): Promise<boolean> {
  try {
    await addAddress(email, address);
    return true;
  } catch (error) {
    if (error instanceof ConflictError || error instanceof InvalidInputError) return false;
    throw error;
  }
}
