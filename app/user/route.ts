import { jsonReply, requireAdmin, route } from "@/lib/http";
import { listUsers } from "@/lib/users";

/** Admin: every user with their role (the Make Admin table). */
export const GET = route(async () => {
  await requireAdmin();
  return jsonReply(await listUsers());
});
