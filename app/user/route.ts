import { pagedReply } from "@/lib/http/paging";
import { parseWith } from "@/lib/http/body";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { listUsers } from "@/lib/users/queries";
import { pagingQuerySchema, queryObject } from "@/lib/validation/common";

/** Admin: one page of users with their role, oldest first (the Make Admin table); paging as GET /carparts. */
export const GET = route(async (request: Request) => {
  const paging = parseWith(pagingQuerySchema, queryObject(request.url));
  await requireAdmin();
  return pagedReply(request, await listUsers(paging), paging);
});
