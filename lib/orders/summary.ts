import "server-only";
import { connectDb, trusted } from "@/lib/db/connect";
import { Order, type OrderStatus } from "@/models/Order";

export type RevenueDay = { day: string; orders: number; revenue: number };

export type OrdersSummary = { since: string; orders: number; revenue: number; days: RevenueDay[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Orders and revenue of the last `days` days (today included, UTC days), cancelled orders left out,
 * with one entry per day, oldest first. Summed here rather than by a $group: FerretDB v1 returns 0
 * for every accumulator after the first. The query is bounded by date and reads two fields.
 */
export async function ordersSummary(days = 30, now = new Date()): Promise<OrdersSummary> {
  await connectDb();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const rows = await Order.find(
    { createdAt: trusted({ $gte: since }), status: trusted({ $ne: "cancelled" as OrderStatus }) },
    { _id: 0, total: 1, createdAt: 1 },
  ).lean<{ total: number; createdAt: Date }[]>();
  const byDay: RevenueDay[] = Array.from({ length: days }, (_, i) => ({ day: new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10), orders: 0, revenue: 0 }));
  let orders = 0;
  let cents = 0;
  const dayCents = new Array<number>(days).fill(0);
  for (const row of rows) {
    const index = Math.floor((row.createdAt.getTime() - since.getTime()) / DAY_MS);
    if (index < 0 || index >= days) continue;
    const rowCents = Math.round(row.total * 100);
    orders += 1;
    cents += rowCents;
    dayCents[index]! += rowCents;
    byDay[index]!.orders += 1;
  }
  byDay.forEach((entry, i) => (entry.revenue = dayCents[i]! / 100));
  return { since: since.toISOString(), orders, revenue: cents / 100, days: byDay };
}
