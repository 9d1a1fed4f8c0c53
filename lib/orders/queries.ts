import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { dayOf, readDayTotals } from "@/lib/orders/day-totals";
import type { OrdersSummary } from "@/lib/orders/views";

// The orders' reads: the revenue by day here, the order lists in lib/orders/lists.ts.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Orders and revenue of the last `days` days (today included, UTC days), cancelled orders left out,
 * with one entry per day, oldest first: one stored document per day, read by its id.
 */
export async function ordersSummary(days = 30, now = new Date()): Promise<OrdersSummary> {
  await connectDb();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const totals = await readDayTotals(Array.from({ length: days }, (_, i) => dayOf(new Date(since.getTime() + i * DAY_MS))));
  const cents = totals.reduce((sum, day) => sum + day.revenueCents, 0);
  return {
    since: since.toISOString(),
    orders: totals.reduce((sum, day) => sum + day.orders, 0),
    revenue: cents / 100,
    days: totals.map((day) => ({ day: day._id, orders: day.orders, revenue: day.revenueCents / 100 })),
  };
}
