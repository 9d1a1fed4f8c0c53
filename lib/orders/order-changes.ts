import "server-only";
import { randomUUID } from "node:crypto";
import type { Types } from "mongoose";
import { stockChanged } from "@/lib/cache/tags";
import { logUnexpected } from "@/lib/storage/database-down";
import { writeJournal } from "@/lib/storage/list-journal";
import { type DayChange, changeDayTotalsOnce, forgetDayChange, inRevenue, orderDayChange, paymentDayChange } from "@/lib/orders/day-totals";
import { changeOrderLists, orderListChanges, paidChanges, statusMoveChanges } from "@/lib/orders/order-lists";
import type { PutBack } from "@/lib/orders/order-mails";
import { linesOf } from "@/lib/orders/views";
import { returnStockOnceLocked, withPartLock } from "@/lib/stock/part-stock";
import { Order, type OrderDoc, type OrderStatus, type PaymentMethod, type PaymentStatus } from "@/models/Order";

// A cancel, a delete, a status move or a payment writes the order, then its lists, its day's totals
// and the stock it puts back: not one write here (no transactions). So, holding the locks of every
// part the order holds, the change is noted first (lib/storage/list-journal.ts), once under each of
// its parts, and the day's totals and each part's stock record the change's token in the same write
// as their change. A change cut short is completed part by part: by a part's next order change, or
// at start-up, each under that part's lock, from the order as it is: its lists and day's totals once
// (whichever part completes first), and that part's units once.

/** The changes in progress, one note per part: a part's next change finds any still open on it. */
export const orderChanges = writeJournal<NotedChange>("order-change:", completeCutShortChange);
const thing = (partId: Types.ObjectId | string) => String(partId).toLowerCase();

type ChangedOrder = OrderDoc & { createdAt?: Date };

/** One part of a change: the units of its order's lines of that part. */
type PartUnits = { partId: string; quantity: number };

/** What a change notes before the order is written: the order as it was, and what it becomes. */
export type OrderChange = {
  /** The change's token: each part's stock and the day's totals record it, so a completion changes them once. */
  token: string;
  /** What the day's totals mark the change with: the order (a part, for notes stored before orders had lines). */
  mark: string;
  order: string;
  /** Every part of the order, units summed per part, in lock order. */
  parts: PartUnits[];
  email: string;
  status: OrderStatus;
  createdAt: Date;
  total: number;
  paymentMethod?: PaymentMethod | null;
  paymentStatus?: PaymentStatus | null;
  /** The status after the change (null: deleted). */
  to: OrderStatus | null;
  /** Whether the change makes the order paid. */
  paid: boolean;
};

/** A note as stored before orders had lines: one part, and the journal's token marking its changes. */
type OnePartNote = { order: string; partId: string; email: string; status: OrderStatus; createdAt: Date; total: number; quantity: number; to: OrderStatus | null };
type NotedChange = OrderChange | OnePartNote;

const asChange = (noted: NotedChange, journalToken: string): OrderChange =>
  "parts" in noted
    ? noted
    : { ...noted, token: journalToken, mark: noted.partId.toLowerCase(), parts: [{ partId: noted.partId, quantity: noted.quantity }], paid: false };

/** An order's parts, each once with its lines' units, sorted: locks are taken in this order, so no two changes deadlock. */
export function partsOf(order: ChangedOrder): PartUnits[] {
  const units = new Map<string, number>();
  for (const line of linesOf(order)) units.set(thing(line.partId), (units.get(thing(line.partId)) ?? 0) + line.quantity);
  return [...units].sort(([a], [b]) => (a < b ? -1 : 1)).map(([partId, quantity]) => ({ partId, quantity }));
}

export function orderChange(order: ChangedOrder, to: OrderStatus | null, paid = false): OrderChange {
  return {
    token: randomUUID(),
    mark: String(order._id),
    order: String(order._id),
    parts: partsOf(order),
    email: order.email,
    status: order.status,
    createdAt: order.createdAt ?? new Date(0),
    total: order.total,
    paymentMethod: order.paymentMethod ?? null,
    paymentStatus: order.paymentStatus ?? null,
    to,
    paid,
  };
}

/** Units the change puts back on the shelf of one part: a cancel's, or a deleted order's still placed (shipped goods are gone). */
const unitsBack = (change: OrderChange, part: PartUnits): number => (change.to === "cancelled" || (change.to === null && change.status === "placed") ? part.quantity : 0);

/** What the change puts back on the shelf, by part name, for the cancellation's mail. */
export function putBackOf(change: OrderChange, order: ChangedOrder): PutBack {
  const names = new Map<string, string>();
  for (const line of linesOf(order)) if (!names.has(thing(line.partId))) names.set(thing(line.partId), line.partsname);
  return change.parts.map((part) => ({ partsname: names.get(part.partId) ?? "", quantity: unitsBack(change, part) })).filter((entry) => entry.quantity > 0);
}

/** The parts whose stock the change puts units back into. */
export const partsRestocked = (change: OrderChange): string[] => change.parts.filter((part) => unitsBack(change, part) > 0).map((part) => part.partId);

/** Whether the change takes the order out of its day's totals: a cancel, or deleting one not cancelled. */
const leavesDay = (change: OrderChange): boolean => change.to === "cancelled" || (change.to === null && change.status !== "cancelled");

/** What the change does to its day's totals, or null for nothing. */
function dayChangeOf(change: OrderChange): DayChange | null {
  if (leavesDay(change)) return orderDayChange(change, -1);
  return change.paid && !inRevenue(change) ? paymentDayChange(change) : null;
}

const listed = (change: OrderChange) => ({ _id: change.order, email: change.email, status: change.status, createdAt: change.createdAt, paymentMethod: change.paymentMethod, paymentStatus: change.paymentStatus });

function listChangesOf(change: OrderChange) {
  if (change.to === null) return orderListChanges(listed(change), "remove");
  return [...statusMoveChanges(listed(change), change.to), ...(change.paid ? paidChanges(listed(change)) : [])];
}

/** The journal's token of each part's note, to end them. */
export type ChangeNotes = Map<string, string>;

/** Notes a change before its order is written, under each of its parts; call holding their locks (withOrderChangeLocks). */
export async function noteOrderChange(change: OrderChange): Promise<ChangeNotes> {
  const begun = await Promise.all(change.parts.map((part) => orderChanges.begin(part.partId, change)));
  return new Map(change.parts.map((part, i) => [part.partId, begun[i]!.token]));
}

/** A change noted whose order write was not made: its notes go. */
export async function orderChangeNotMade(notes: ChangeNotes): Promise<void> {
  await Promise.all([...notes].map(([partId, token]) => orderChanges.end(partId, token)));
}

/** The lists and the day's totals of a change whose order is written; `completing`: they may hold it already. */
async function applyListsAndDay(change: OrderChange, completing: boolean): Promise<DayChange | null> {
  const day = dayChangeOf(change);
  await Promise.all([
    changeOrderLists(listChangesOf(change)),
    day ? changeDayTotalsOnce(change.createdAt, day, { mark: change.mark, token: change.token, completing }) : undefined,
  ]);
  return day;
}

/** Puts one part's units back once for the change; call holding the part's lock. */
async function restockPart(change: OrderChange, part: PartUnits, completing: boolean): Promise<void> {
  const units = unitsBack(change, part);
  if (units > 0) await returnStockOnceLocked(part.partId, units, { token: change.token, completing });
}

/**
 * Brings the lists, the day's totals and every part's stock in line with a change whose order is
 * written, then removes its notes. Call holding every part's lock.
 */
export async function applyOrderChange(change: OrderChange, notes: ChangeNotes): Promise<void> {
  const day = await applyListsAndDay(change, false);
  for (const part of change.parts) await restockPart(change, part, false);
  await orderChangeNotMade(notes);
  if (day) await forgetDayChange(change.createdAt, change.mark, change.token);
}

/** Whether the order is as the change leaves it: the change's write was made. */
async function written(change: OrderChange): Promise<boolean> {
  const order = await Order.findById(change.order, { status: 1, paymentStatus: 1 }).lean<{ status: OrderStatus; paymentStatus?: PaymentStatus }>();
  if (change.to === null) return !order;
  return order?.status === change.to && (!change.paid || order.paymentStatus === "paid");
}

/**
 * Completes the part of a change cut short that this part's note stands for, holding that part's
 * lock: the lists and the day's totals, then this part's units, each once. The day's mark is kept
 * while another part's note of the change may still complete it.
 */
async function completeCutShortChange(partId: string, noted: NotedChange, journalToken: string): Promise<void> {
  const change = asChange(noted, journalToken);
  if (!(await written(change))) return orderChanges.end(partId, journalToken);
  const day = await applyListsAndDay(change, true);
  const part = change.parts.find((own) => own.partId.toLowerCase() === partId);
  if (part) {
    await restockPart(change, part, true);
    // As the change itself would have (lib/orders/commands.ts): the pages showing this part's stock go
    // stale. A failure there must not leave the change's note open for every later holder of the lock.
    await stockChanged([partId]).catch((error: unknown) => logUnexpected(`[orders] marking the stock of part ${partId} stale failed`, error));
  }
  await orderChanges.end(partId, journalToken);
  if (day && change.parts.length === 1) await forgetDayChange(change.createdAt, change.mark, change.token);
  console.warn(`[orders] completed the lists, totals and stock of order ${change.order} on part ${partId}, whose change was cut short`);
}

/** Runs `work` holding the part's stock lock, once a change of its orders cut short is completed. */
export function withOrderChangeLock<T>(partId: Types.ObjectId | string, work: () => Promise<T>): Promise<T> {
  return withPartLock(partId, async () => {
    await orderChanges.completeCutShort(thing(partId));
    return work();
  });
}

/** Runs `work` holding these parts' locks (taken in the order given: sorted, see partsOf), each part's change cut short completed first. */
export function withOrderChangeLocks<T>(partIds: string[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = partIds;
  if (first === undefined) return work();
  return withOrderChangeLock(first, () => withOrderChangeLocks(rest, work));
}

/** At start-up: completes the change noted on this part. */
export const completeOrderChange = (partId: string): Promise<void> => withOrderChangeLock(partId, async () => undefined);
