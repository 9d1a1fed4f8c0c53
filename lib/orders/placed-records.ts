import "server-only";
import { changeDayTotals, orderDayChange } from "@/lib/orders/day-totals";
import { changeOrderLists, orderListChanges } from "@/lib/orders/order-lists";
import type { Types } from "mongoose";
import type { DueMail } from "@/models/due-mail";
import type { OrderDoc, OrderLineFields } from "@/models/Order";

// What follows an order once stored, whichever way it was placed: its lists and its day's totals.

/** An order as it is inserted, its lines and mails plain objects: the database adds its timestamps. */
export type NewOrder = Omit<OrderDoc, "createdAt" | "updatedAt" | "lines" | "mailsDue"> & { _id: Types.ObjectId; lines: OrderLineFields[]; mailsDue: DueMail[] };
export type StoredOrder = OrderDoc & { createdAt: Date };
/** A stored order, and the writes that put it in its lists and its day's totals. */
export type Placed = { order: StoredOrder; recorded: Promise<unknown> };

/** Starts the writes that list a new order and count it in its day; the placing call awaits them. */
export function recordInListsAndTotals(order: StoredOrder): Promise<unknown> {
  const recorded = Promise.all([changeOrderLists(orderListChanges(order, "add")), changeDayTotals(order.createdAt, orderDayChange(order, 1))]);
  // Awaited once the locks are let go; a failure before then is not an unhandled one.
  recorded.catch(() => undefined);
  return recorded;
}
