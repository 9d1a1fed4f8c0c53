import "server-only";
import type { ShopSettingsView } from "@/lib/settings/shop-settings";
import { DELIVERY_METHODS, type DeliveryMethod } from "@/models/Order";

// The ways an order can travel, their prices and the date each promises. The dates count business
// days (Monday to Friday, in UTC): carriers do not deliver parts at weekends, so "1 day" ordered on
// a Friday arrives on Monday.

export type DeliveryOption = { method: DeliveryMethod; label: string; price: number; deliveryBy: string };

export const DELIVERY_LABELS: Record<DeliveryMethod, string> = { standard: "Standard delivery", express: "Express delivery" };

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** The day `days` business days after `from`, as an ISO date (yyyy-mm-dd). */
export function businessDaysAfter(from: Date, days: number): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  for (let left = days; left > 0; ) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend(date)) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** What a method costs for this subtotal: standard is free from the shop's amount on. */
export function deliveryPrice(method: DeliveryMethod, subtotal: number, settings: ShopSettingsView): number {
  if (method === "express") return settings.expressDeliveryPrice;
  return subtotal >= settings.freeStandardDeliveryFrom ? 0 : settings.standardDeliveryPrice;
}

const daysOf = (method: DeliveryMethod, settings: ShopSettingsView) => (method === "express" ? settings.expressDeliveryDays : settings.standardDeliveryDays);

/** Every method, with its price for this subtotal and the date it promises if ordered `now`. */
export function deliveryOptions(subtotal: number, settings: ShopSettingsView, now = new Date()): DeliveryOption[] {
  return DELIVERY_METHODS.map((method) => ({
    method,
    label: DELIVERY_LABELS[method],
    price: deliveryPrice(method, subtotal, settings),
    deliveryBy: businessDaysAfter(now, daysOf(method, settings)),
  }));
}
