import { connectDb } from "@/lib/db";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { partsChanged } from "@/lib/cache";
import { returnStockLocked, takeStockLocked, withPartLock } from "@/lib/stock";
import type { AccountView } from "@/lib/users";
import { orderTotal, quantityRangeMessage } from "@/lib/validation/orders";
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
 * Places an order: checks minOrder <= quantity <= stock, takes the quantity out of stock and
 * stores the order, all under the part's stock lock, so concurrent orders can never oversell.
 * The price comes from the part, never from the client.
 */
export async function placeOrder(input: PlaceOrder): Promise<OrderView> {
  await connectDb();
  return withPartLock(input.partId, async () => {
    const part = await Part.findById(input.partId).lean<PartDoc>();
    if (!part) throw new NotFoundError("This part is not in the catalogue.");
    if (input.quantity < part.minOrder) throw new InvalidInputError(quantityRangeMessage(part.minOrder, part.quantity));
    if (input.quantity > part.quantity) {
      throw new ConflictError(part.quantity === 0 ? "This part is out of stock." : `Only ${part.quantity} in stock. ${quantityRangeMessage(part.minOrder, part.quantity)}`);
    }
    const taken = await takeStockLocked(part._id, input.quantity);
    if (taken === "missing") throw new NotFoundError("This part is not in the catalogue.");
    if (taken === "short") throw new ConflictError("Not enough in stock for this order.");
    try {
      const order = await Order.create({
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
      partsChanged(String(part._id));
      return toOrderView(order.toObject());
    } catch (error) {
      // The order was not stored: the stock it took goes back.
      await returnStockLocked(part._id, input.quantity);
      throw error;
    }
  });
}

/** A customer's orders, newest first. */
export async function listOrdersFor(email: string): Promise<OrderView[]> {
  await connectDb();
  const orders = await Order.find({ email }).sort({ createdAt: -1, _id: -1 }).lean<OrderDoc[]>();
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
    const order = await Order.findById(orderId).lean<OrderDoc>();
    if (!order) return { deletedCount: 0 };
    if (!isAdmin && order.status !== "placed") {
      throw new ConflictError(`This order is ${order.status} and can no longer be deleted.`);
    }
    const { deletedCount } = await Order.deleteOne({ _id: order._id });
    if (deletedCount === 1 && order.status === "placed") {
      await returnStockLocked(order.partId, order.quantity);
      partsChanged(String(order.partId));
    }
    return { deletedCount };
  });
}
