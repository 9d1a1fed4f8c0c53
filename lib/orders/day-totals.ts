import "server-only";
import { keepCounts } from "@/lib/storage/counters";
import { toCents } from "@/lib/validation/orders";
import type { PaymentStatus } from "@/models/Order";
import { OrderDay, type OrderDayFields } from "@/models/OrderDay";

// Orders and revenue per UTC day, by the day each order was placed, kept as counters
// (lib/storage/counters.ts): a crowd's orders cost one write per batch. `orders` counts the orders
// placed and not cancelled; `revenueCents` the totals of those the shop has the money for: placing
// a paid order adds it, marking one paid adds it, cancelling or deleting a paid one takes it away.

export type DayChange = { orders: number; revenueCents: number };

/** The UTC day of a moment, as the day documents are named: "2026-11-23". */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** A day's revenue holds the order: paid, or stored before payments existed (those counted when placed). */
export const inRevenue = (order: { paymentStatus?: PaymentStatus | null }): boolean => order.paymentStatus !== "unpaid";

/** What one order adds to its day (sign 1) or takes away from it (sign -1). */
export const orderDayChange = (order: { total: number; paymentStatus?: PaymentStatus | null }, sign: 1 | -1): DayChange => ({
  orders: sign,
  revenueCents: inRevenue(order) ? sign * toCents(order.total) : 0,
});

/** What an order's payment adds to its day. */
export const paymentDayChange = (order: { total: number }): DayChange => ({ orders: 0, revenueCents: toCents(order.total) });

const dayTotals = keepCounts({ model: OrderDay, fields: ["orders", "revenueCents"], name: "orderday", busyMessage: "The shop is busy; try again in a moment." });

/** Applies the change of an order created at `createdAt`; resolves once its day holds it. */
export function changeDayTotals(createdAt: Date, change: DayChange): Promise<void> {
  return dayTotals.add(dayOf(createdAt), change);
}

// A cancel, a delete or a payment changes its day once, and a crash may leave it to be completed
// later (lib/orders/order-changes.ts): its change is marked with the order (a part, for changes
// noted before orders had lines) and the change's token, one change in progress per order.

/** Applies a change's effect on its day; when `completing` a change cut short, unless the day holds it already. */
export function changeDayTotalsOnce(createdAt: Date, change: DayChange, { mark, token, completing }: { mark: string; token: string; completing: boolean }): Promise<void> {
  return dayTotals.addOnce(dayOf(createdAt), change, { mark, token, completing });
}

/** Forgets a completed change's mark, so a day's document does not grow with its cancels. */
export function forgetDayChange(createdAt: Date, mark: string, token: string): Promise<void> {
  return dayTotals.forgetOnce(dayOf(createdAt), mark, token);
}

/** The stored totals of these days, in their order; a day without orders reads as zero. */
export function readDayTotals(days: string[]): Promise<OrderDayFields[]> {
  return dayTotals.read(days);
}

/** Replaces every day's totals with these, for reindexOrders. */
export function rebuildDayTotals(days: OrderDayFields[]): Promise<void> {
  return dayTotals.replaceAll(days);
}
