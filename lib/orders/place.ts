import "server-only";
import { Types } from "mongoose";
import { stockChanged } from "@/lib/cache/tags";
import { connectDb } from "@/lib/db/connect";
import { ConflictError, InvalidInputError, NotFoundError } from "@/lib/errors";
import { type OrderView, toOrderView } from "@/lib/orders/views";
import { forgetStoredOrderLocked, settleOrderLocked, takeStockForOrderLocked, withPartLock } from "@/lib/stock/part-lock";
import { orderTotal, quantityRangeMessage, toCents } from "@/lib/validation/orders";
import { largestOrder, maxPerOrderOf } from "@/lib/validation/parts";
import { Order } from "@/models/Order";
import { Part, type PartDoc } from "@/models/Part";

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
 * before the order is stored (see lib/stock/part-lock.ts).
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
    stockChanged(String(part._id));
    return toOrderView(order.toObject());
  });
}
