import { jsonReply } from "@/lib/http/errors";
import { parseWith } from "@/lib/http/body";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { listAllOrders } from "@/lib/orders/queries";
import { orderListQuerySchema } from "@/lib/validation/admin-orders";
import { queryObject } from "@/lib/validation/common";

/** Admin: every customer's orders, newest first, a page at a time (?page=&limit=), optionally of one ?status=. */
export const GET = route(async (request: Request) => {
  await requireAdmin();
  const query = parseWith(orderListQuerySchema, queryObject(request.url));
  const page = await listAllOrders(query);
  return jsonReply({ success: true, ...page });
});
