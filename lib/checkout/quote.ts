import "server-only";
import { deliveryAddress } from "@/lib/checkout/address";
import { cartOf } from "@/lib/checkout/cart";
import { type DeliveryOption, deliveryOptions } from "@/lib/checkout/delivery";
import type { CartLineView } from "@/lib/cart/views";
import { readShopSettings } from "@/lib/settings/shop-settings";
import type { CheckoutQuoteInput } from "@/lib/validation/checkout";
import { toCents } from "@/lib/validation/orders";
import { type DeliveryMethod, PAYMENT_METHODS, type PaymentMethod } from "@/models/Order";

/** What the account's cart would cost now, with every delivery option and the one chosen. */
export type CheckoutQuote = {
  lines: CartLineView[];
  subtotal: number;
  deliveryOptions: DeliveryOption[];
  deliveryMethod: DeliveryMethod;
  deliveryPrice: number;
  deliveryBy: string;
  total: number;
  paymentMethods: PaymentMethod[];
  paymentMethod: PaymentMethod;
};

/** Adds money in whole cents, so no float noise reaches a total. */
export const addMoney = (...amounts: number[]): number => amounts.reduce((sum, amount) => sum + toCents(amount), 0) / 100;

/** The quote of a cart, priced as the shop's settings say now. */
export async function quoteOf(lines: CartLineView[], choice: { deliveryMethod?: DeliveryMethod; paymentMethod?: PaymentMethod }, now = new Date()): Promise<CheckoutQuote> {
  const settings = await readShopSettings();
  const subtotal = addMoney(...lines.map((line) => line.total));
  const options = deliveryOptions(subtotal, settings, now);
  const chosen = options.find((option) => option.method === (choice.deliveryMethod ?? "standard")) ?? options[0]!;
  return {
    lines,
    subtotal,
    deliveryOptions: options,
    deliveryMethod: chosen.method,
    deliveryPrice: chosen.price,
    deliveryBy: chosen.deliveryBy,
    total: addMoney(subtotal, chosen.price),
    paymentMethods: [...PAYMENT_METHODS],
    paymentMethod: choice.paymentMethod ?? "bank-transfer",
  };
}

/** The account's cart as the checkout would charge it (a saved address, when given, must be the account's own). */
export async function quoteCheckout(email: string, input: CheckoutQuoteInput): Promise<CheckoutQuote> {
  if (input.addressId !== undefined) await deliveryAddress(email, { addressId: input.addressId });
  const cart = await cartOf(email);
  return quoteOf(cart.lines, input);
}
