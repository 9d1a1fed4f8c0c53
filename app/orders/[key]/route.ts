import { emailParam, objectIdParam } from "@/lib/http/params";
import { jsonReply } from "@/lib/http/errors";
import { pagedReply } from "@/lib/http/paging";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireAdmin, requireSelf, requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { changeOrderStatus, deleteOrder } from "@/lib/orders/commands";
import { listOrdersFor } from "@/lib/orders/queries";
import { orderStatusChangeSchema } from "@/lib/validation/admin-orders";
import { pagingQuerySchema, queryObject } from "@/lib/validation/common";

// GET /orders/{email} and DELETE/PATCH /orders/{id} share this one dynamic segment.
type Context = { params: Promise<{ key: string }> };

/** One page of that user's orders, newest first (paging as GET /carparts): the user themselves or an admin. */
export const GET = route(async (request: Request, { params }: Context) => {
  const paging = parseWith(pagingQuerySchema, queryObject(request.url));
  const user = await requireUser();
  const email = emailParam((await params).key);
  requireSelf(user, email, { adminMay: true });
  return pagedReply(request, await listOrdersFor(email, paging), paging);
});

/** Deletes an order and puts its quantity back in stock: its owner (while "placed") or an admin; 404 once it is gone. */
export const DELETE = route(async (_request: Request, { params }: Context) => {
  const user = await requireUser();
  const id = objectIdParam((await params).key, "The order id");
  const { deletedCount } = await deleteOrder(id, user);
  // An order that is gone (also one a concurrent delete took first) is a 404 from deleteOrder.
  return jsonReply({ success: true, deletedCount, message: "Order deleted." });
});

/** Admin: moves an order along placed → shipped → delivered, or cancels it (its quantity goes back in stock). */
export const PATCH = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).key, "The order id");
  const { status } = parseWith(orderStatusChangeSchema, await readJsonBody(request));
  const order = await changeOrderStatus(id, status);
  return jsonReply({ success: true, message: `Order marked ${status}.`, result: order });
});
