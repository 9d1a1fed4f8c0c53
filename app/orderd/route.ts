import { jsonReply } from "@/lib/http/errors";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireSelf, requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { placeOrder } from "@/lib/orders/place-order";
import { normaliseEmail } from "@/lib/validation/auth";
import { orderSchema } from "@/lib/validation/orders";

/** A signed-in customer orders a part for themselves; the server sets the price and takes the stock. */
export const POST = route(async (request: Request) => {
  const user = await requireUser();
  const input = parseWith(orderSchema, await readJsonBody(request));
  const email = normaliseEmail(input.email);
  requireSelf(user, email);
  const order = await placeOrder({ partId: input._id, quantity: input.quantity, name: input.name, email, phone: input.phone, address: input.address });
  return jsonReply({ success: true, message: `Order placed: ${order.quantity} × ${order.partsname}, $${order.price}.`, result: order }, 201);
});
