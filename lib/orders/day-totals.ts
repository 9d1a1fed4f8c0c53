import "server-only";
import { keepCounts } from "@/lib/storage/counters";
import { toCents } from "@/lib/validation/orders";
import { OrderDay, type OrderDayFields } from "@/models/OrderDay";

// Orders and revenue per UTC day, changed with every order that counts (placed, then not
// cancelled), kept as counters (lib/storage/counters.ts): a crowd's orders cost one write per batch.

export type DayChange = { orders: number; revenueCents: number };

/** The UTC day of a moment, as the day documents are named: "2026-11-23". */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** What one order adds to its day (sign 1) or takes away from it (sign -1). */
export const orderDayChange = (order: { total: number }, sign: 1 | -1): DayChange => ({ orders: sign, revenueCents: sign * toCents(order.total) });

const dayTotals = keepCounts({ model: OrderDay, fields: ["orders", "revenueCents"], name: "orderday", busyMessage: "The shop is busy; try again in a moment." });

/** Applies the change of an order created at `createdAt`; resolves once its day holds it. */
export function changeDayTotals(createdAt: Date, change: DayChange): Promise<void> {
  return dayTotals.add(dayOf(createdAt), change);
}

// A cancel or a delete changes its day once, and a crash may leave it to be completed later
// (lib/orders/order-changes.ts): its change is marked with the part's id and its note's token, one
// change in progress per part.

/** Applies a cancel's or a delete's change to its day; when `completing` a change cut short, unless the day holds it already. */
export function changeDayTotalsOnce(createdAt: Date, change: DayChange, { partId, token, completing }: { partId: string; token: string; completing: boolean }): Promise<void> {
  return dayTotals.addOnce(dayOf(createdAt), change, { mark: partId, token, completing });
}

/** Forgets a completed change's mark, so a day's document does not grow with its cancels. */
export function forgetDayChange(createdAt: Date, partId: string, token: string): Promise<void> {
  return dayTotals.forgetOnce(dayOf(createdAt), partId, token);
}

/** The stored totals of these days, in their order; a day without orders reads as zero. */
export function readDayTotals(days: string[]): Promise<OrderDayFields[]> {
  return dayTotals.read(days);
}

/** Replaces every day's totals with these, for reindexOrders. */
export function rebuildDayTotals(days: OrderDayFields[]): Promise<void> {
  return dayTotals.replaceAll(days);
}
