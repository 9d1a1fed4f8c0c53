import { connectDb, trusted } from "@/lib/db/connect";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { partsChanged } from "@/lib/cache/tags";
import { Types } from "mongoose";
import { forgetStoredOrderLocked, returnStockLocked, settleOrderLocked, takeStockForOrderLocked, withPartLock } from "@/lib/stock";
import type { AccountView } from "@/lib/users";
import { MAX_PAGE_SIZE, type Paging } from "@/lib/validation/common";
import { orderTotal, quantityRangeMessage, toCents } from "@/lib/validation/orders";
import { largestOrder, maxPerOrderOf } from "@/lib/validation/parts";
import { Order, type OrderDoc, type OrderStatus } from "@/models/Order";
import { Part, type PartDoc } from "@/models/Part";

/** An order as the API shows it; `price` is the total, as the original client reads it. */
export type OrderView = {
  _id: string;
  partId: string;
  partsname: string;
  quantity: number;
  unitPrice: number;
  price: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  status: OrderStatus;
  createdAt: string;
};

export function toOrderView(order: OrderDoc & { createdAt?: Date }): OrderView {
  return {
    _id: order._id.toString(),
    partId: order.partId.toString(),
    partsname: order.partsname,
    quantity: order.quantity,
    unitPrice: order.unitPrice,
    price: order.total,
    name: order.name,
    email: order.email,
    phone: order.phone,
    address: order.address,
    status: order.status,
    createdAt: (order.createdAt ?? new Date(0)).toISOString(),
  };
}

export type PlaceOrder = { partId: string; quantity: number; name: string; email: string; phone: string; address: string };

/**
 * Throws the reason `quantity` of this part cannot be ordered, if any: not in the catalogue (404),
 * outside minOrder..maxPerOrder (400), more than the stock (409), or no price to charge (409).
 */
function refuseUnfillable(part: PartDoc | null, quantity: number): asserts part is PartDoc {
  if (!part) throw new NotFoundError("This part is not in the catalogue.");
  const range = quantityRangeMessage(part.minOrder, largestOrder(part));
  if (quantity < part.minOrder || quantity > maxPerOrderOf(part)) throw new InvalidInputError(range);
  if (quantity > part.quantity) throw new ConflictError(part.quantity === 0 ? "This part is out of stock." : `Only ${part.quantity} in stock. ${range}`);
  // A price stored before prices were whole cents (0.004) would make a $0 order.
  if (toCents(part.price) < 1) throw new ConflictError("This part has no price yet and cannot be ordered.");
}

/**
 * Places an order: checks minOrder <= quantity <= the lesser of stock and maxPerOrder, takes the
 * quantity out of stock and stores the order, all under the part's stock lock, so concurrent orders
 * can never oversell. An order that cannot be filled is refused before it joins the lock's line, so
 * a flood of impossible orders does not stall the possible ones; the stock is checked again under
 * the lock. The price comes from the part, never from the client. Crash-safe without transactions:
 * the stock is taken together with a journal entry naming the order, and settled if the server dies
 * before the order is stored (see lib/stock.ts).
 */
export async function placeOrder(input: PlaceOrder): Promise<OrderView> {
  await connectDb();
  refuseUnfillable(await Part.findById(input.partId).lean<PartDoc>(), input.quantity);
  return withPartLock(input.partId, async () => {
    const part = await Part.findById(input.partId).lean<PartDoc>();
    refuseUnfillable(part, input.quantity);
    const orderId = new Types.ObjectId();
    const taken = await takeStockForOrderLocked(part._id, orderId, input.quantity);
    if (taken === "missing") throw new NotFoundError("This part is not in the catalogue.");
    if (taken === "short") throw new ConflictError("Not enough in stock for this order.");
    let order;
    try {
      order = await Order.create({
        _id: orderId,
        partId: part._id,
        partsname: part.partsname,
        unitPrice: part.price,
        quantity: input.quantity,
        total: orderTotal(part.price, input.quantity),
        name: input.name,
        email: input.email,
        phone: input.phone,
        address: input.address,
        status: "placed",
      });
    } catch (error) {
      // Not stored (or not known to be): settle now; if even that fails, the next lock holder settles it.
      await settleOrderLocked(part._id, orderId, input.quantity).catch(() => undefined);
      throw error;
    }
    // Stored: the journal entry is done with. If this write fails, the entry is dropped later.
    await forgetStoredOrderLocked(part._id, orderId, input.quantity).catch(() => undefined);
    partsChanged(String(part._id));
    return toOrderView(order.toObject());
  });
}

/** One page of a customer's orders, newest first. */
export async function listOrdersFor(email: string, { limit = MAX_PAGE_SIZE, skip = 0 }: Partial<Paging> = {}): Promise<OrderView[]> {
  await connectDb();
  const orders = await Order.find({ email }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<OrderDoc[]>();
  return orders.map(toOrderView);
}

/**
 * Deletes an order and puts a still-open ("placed") order's quantity back in stock.
 * Its owner may delete it while it is "placed"; an admin may delete any order
 * (stock goes back only for a "placed" one: shipped goods are no longer on the shelf).
 */
export async function deleteOrder(orderId: string, actor: AccountView): Promise<{ deletedCount: number }> {
  await connectDb();
  const found = await Order.findById(orderId).lean<OrderDoc>();
  if (!found) throw new NotFoundError("There is no order with this id.");
  const isAdmin = actor.role === "admin";
  if (!isAdmin && found.email !== actor.email) throw new ForbiddenError("You can only delete your own orders.");
  return withPartLock(found.partId, async () => {
    // Read again under the lock: the status or the order itself may have changed meanwhile.
    // Gone meanwhile (a concurrent delete won): the same 404 as an order that never existed.
    const order = await Order.findById(orderId).lean<OrderDoc>();
    if (!order) throw new NotFoundError("There is no order with this id.");
    if (!isAdmin && order.status !== "placed") {
      throw new ConflictError(`This order is ${order.status} and can no longer be deleted.`);
    }
    const { deletedCount } = await Order.deleteOne({ _id: order._id });
    if (deletedCount !== 1) throw new NotFoundError("There is no order with this id.");
    if (order.status === "placed") {
      await returnStockLocked(order.partId, order.quantity);
      partsChanged(String(order.partId));
    }
    return { deletedCount };
  });
}

/**
 * The order life cycle: placed → shipped → delivered, or cancelled from placed or shipped
 * (a shipped parcel can still be stopped or come back, and its goods return to the shelf).
 * Delivered and cancelled are final.
 */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

export const canMoveTo = (from: OrderStatus, to: OrderStatus): boolean => NEXT_STATUSES[from].includes(to);

/** Orders that still hold their part: a part with any of these cannot be deleted. */
export const OPEN_STATUSES: readonly OrderStatus[] = ["placed", "shipped"];

/**
 * Moves an order to a new status. The order is read again under its part's stock lock and the
 * write is conditional on the status it had, so two concurrent changes (two cancels, a cancel and
 * a customer's delete) cannot both act: cancelling puts the quantity back in stock exactly once.
 */
export async function changeOrderStatus(orderId: string, to: OrderStatus): Promise<OrderView> {
  await connectDb();
  const found = await Order.findById(orderId, { partId: 1 }).lean<Pick<OrderDoc, "_id" | "partId">>();
  if (!found) throw new NotFoundError("There is no order with this id.");
  return withPartLock(found.partId, async () => {
    const order = await Order.findById(orderId).lean<OrderDoc & { createdAt?: Date }>();
    if (!order) throw new NotFoundError("There is no order with this id.");
    const from = order.status;
    if (from === to) throw new ConflictError(`This order is already ${from}.`);
    if (!canMoveTo(from, to)) {
      const allowed = NEXT_STATUSES[from];
      throw new ConflictError(
        allowed.length === 0 ? `This order is ${from}; its status can no longer change.` : `A ${from} order can only become ${allowed.join(" or ")}, not ${to}.`,
      );
    }
    const { modifiedCount } = await Order.updateOne({ _id: order._id, status: from }, { $set: { status: to } });
    if (modifiedCount !== 1) throw new ConflictError("This order changed meanwhile; reload and try again.");
    if (to === "cancelled") {
      await returnStockLocked(order.partId, order.quantity);
      partsChanged(String(order.partId));
    }
    return toOrderView({ ...order, status: to });
  });
}

export type OrderPage = { orders: OrderView[]; total: number; page: number; limit: number; pageCount: number };

/** Manage All Orders: every customer's orders, newest first, one page, optionally of one status. */
export async function listAllOrders({ status, page = 1, limit = 20 }: { status?: OrderStatus; page?: number; limit?: number }): Promise<OrderPage> {
  await connectDb();
  const filter = status ? { status } : {};
  const [orders, total] = await Promise.all([
    Order.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<OrderDoc[]>(),
    Order.countDocuments(filter),
  ]);
  return { orders: orders.map(toOrderView), total, page, limit, pageCount: Math.max(1, Math.ceil(total / limit)) };
}

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
