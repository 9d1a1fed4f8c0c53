import { emailParam, objectIdParam } from "@/lib/http/params";
import { jsonReply } from "@/lib/http/errors";
import { pagedReply } from "@/lib/http/paging";
import { parseWith, readJsonBody } from "@/lib/http/body";
import { requireAdmin, requireSelf, requireUser } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { changeOrderStatus, deleteOrder, markOrderPaid } from "@/lib/orders/commands";
import { listOrdersFor, readOrderFor } from "@/lib/orders/queries";
import { orderStatusChangeSchema } from "@/lib/validation/admin-orders";
import { OBJECT_ID_PATTERN, pagingQuerySchema, queryObject } from "@/lib/validation/common";

// GET /orders/{email} and DELETE/PATCH /orders/{id} share this one dynamic segment.
type Context = { params: Promise<{ key: string }> };

/**
 * By an order id: that order, for its owner or an admin (404 for anyone else). By an email: one page
 * of that user's orders, newest first (paging as GET /carparts), for the user themselves or an admin.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const { key } = await params;
  if (OBJECT_ID_PATTERN.test(key)) {
    const user = await requireUser();
    return jsonReply({ success: true, order: await readOrderFor(key.toLowerCase(), user) });
  }
  const paging = parseWith(pagingQuerySchema, queryObject(request.url));
  const user = await requireUser();
  const email = emailParam(key);
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

/**
 * Admin: moves an order along placed → shipped → delivered, or cancels it (its lines go back in
 * stock); or marks a bank transfer paid.
 */
export const PATCH = route(async (request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).key, "The order id");
  const { status } = parseWith(orderStatusChangeSchema, await readJsonBody(request));
  if (!status) return jsonReply({ success: true, message: "Order marked paid.", result: await markOrderPaid(id) });
  const order = await changeOrderStatus(id, status);
  return jsonReply({ success: true, message: `Order marked ${status}.`, result: order });
});
