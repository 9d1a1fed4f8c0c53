import { emailParam, jsonReply, objectIdParam, requireSelf, requireUser, route } from "@/lib/http";
import { deleteOrder, listOrdersFor } from "@/lib/orders";

// GET /orders/{email} and DELETE /orders/{id} share this one dynamic segment.
type Context = { params: Promise<{ key: string }> };

/** That user's orders, newest first: the user themselves or an admin. */
export const GET = route(async (_request: Request, { params }: Context) => {
  const user = await requireUser();
  const email = emailParam((await params).key);
  requireSelf(user, email, { adminMay: true });
  return jsonReply(await listOrdersFor(email));
});

/** Deletes an order and puts its quantity back in stock: its owner (while "placed") or an admin. */
export const DELETE = route(async (_request: Request, { params }: Context) => {
  const user = await requireUser();
  const id = objectIdParam((await params).key, "The order id");
  const { deletedCount } = await deleteOrder(id, user);
  return jsonReply({ success: deletedCount > 0, deletedCount, message: deletedCount > 0 ? "Order deleted." : "The order was already deleted." });
});
