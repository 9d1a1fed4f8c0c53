import "server-only";
import { withLock } from "@/lib/storage/lock";
import { inTurnsUnderLock } from "@/lib/storage/lock-turns";
import { toCents } from "@/lib/validation/orders";
import { OrderDay, type OrderDayFields } from "@/models/OrderDay";

// Orders and revenue per UTC day, changed with every order that counts (placed, then not cancelled).
// FerretDB's $inc reads and then writes, so two unlocked increments can lose one: a day's changes
// are summed in batches, each one $inc under the day's lock, held in turns while orders keep coming
// (lib/storage/lock-turns.ts), so a crowd's batches cost one write each, not a lock, a write and a release.

export type DayChange = { orders: number; revenueCents: number };

/** The UTC day of a moment, as the day documents are named: "2026-11-23". */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** What one order adds to its day (sign 1) or takes away from it (sign -1). */
export const orderDayChange = (order: { total: number }, sign: 1 | -1): DayChange => ({ orders: sign, revenueCents: sign * toCents(order.total) });

const dayLock = (day: string) => `orderday:${day}`;
const DAY_BUSY = "The shop is busy; try again in a moment.";

const changeDay = inTurnsUnderLock<DayChange, void>(dayLock, DAY_BUSY, {
  begin: async () => undefined,
  apply: async (day, _held, changes) => {
    const orders = changes.reduce((sum, change) => sum + change.orders, 0);
    const revenueCents = changes.reduce((sum, change) => sum + change.revenueCents, 0);
    await OrderDay.updateOne({ _id: day }, { $inc: { orders, revenueCents } }, { upsert: true });
  },
});

/** Applies the change of an order created at `createdAt`; resolves once its day holds it. */
export function changeDayTotals(createdAt: Date, change: DayChange): Promise<void> {
  return changeDay(dayOf(createdAt), [change]);
}

// A cancel or a delete changes its day once, and a crash may leave it to be completed later
// (lib/orders/order-changes.ts): its change records its note's token under the part's name
// (`applied`, one entry per part whose change is in progress) in the same single-document write,
// so completing it tells whether the day holds it. Under the day's lock, as the batches of orders.
type AppliedDay = { applied?: Record<string, string> };

/** Applies a cancel's or a delete's change to its day; when `completing` a change cut short, unless the day holds it already. */
export function changeDayTotalsOnce(createdAt: Date, change: DayChange, { partId, token, completing }: { partId: string; token: string; completing: boolean }): Promise<void> {
  const day = dayOf(createdAt);
  return withLock(dayLock(day), DAY_BUSY, async () => {
    if (completing) {
      const stored = await OrderDay.collection.findOne<AppliedDay>({ _id: day } as never, { projection: { [`applied.${partId}`]: 1 } });
      if (stored?.applied?.[partId] === token) return;
    }
    await OrderDay.collection.updateOne({ _id: day } as never, { $inc: { orders: change.orders, revenueCents: change.revenueCents }, $set: { [`applied.${partId}`]: token } }, { upsert: true });
  });
}

/** Drops a completed change's token from its day, so a day's document does not grow with its cancels. */
export function forgetDayChange(createdAt: Date, partId: string, token: string): Promise<void> {
  const day = dayOf(createdAt);
  return withLock(dayLock(day), DAY_BUSY, async () => {
    await OrderDay.collection.updateOne({ _id: day, [`applied.${partId}`]: token } as never, { $unset: { [`applied.${partId}`]: "" } });
  });
}

/** The stored totals of these days, in their order; a day without orders reads as zero. */
export async function readDayTotals(days: string[]): Promise<OrderDayFields[]> {
  const stored = await Promise.all(days.map((day) => OrderDay.findById(day).lean<OrderDayFields>()));
  return days.map((day, i) => {
    const totals = stored[i];
    return totals ? { _id: day, orders: totals.orders, revenueCents: totals.revenueCents } : { _id: day, orders: 0, revenueCents: 0 };
  });
}

/** Replaces every day's totals with these, for reindexOrders. */
export async function rebuildDayTotals(days: OrderDayFields[]): Promise<void> {
  await OrderDay.deleteMany({});
  for (let from = 0; from < days.length; from += 500) await OrderDay.insertMany(days.slice(from, from + 500));
}
