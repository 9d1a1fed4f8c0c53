import { objectIdParam } from "@/lib/http/params";
import { jsonReply } from "@/lib/http/errors";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { mailsOfOrder } from "@/lib/mail/mail-log";

type Context = { params: Promise<{ key: string }> };

/** Admin: the order's mails, oldest first, with their state and why the last try failed. */
export const GET = route(async (_request: Request, { params }: Context) => {
  await requireAdmin();
  const id = objectIdParam((await params).key, "The order id");
  return jsonReply({ success: true, mails: await mailsOfOrder(id) });
});
