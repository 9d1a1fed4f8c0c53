import { objectIdParam } from "@/lib/http/params";
import { jsonReply } from "@/lib/http/errors";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { sendMailAgain } from "@/lib/mail/resend";

type Context = { params: Promise<{ key: string; mailId: string }> };

/** Admin: queues a failed mail of the order again. */
export const POST = route(async (_request: Request, { params }: Context) => {
  await requireAdmin();
  const { key, mailId } = await params;
  await sendMailAgain(objectIdParam(key, "The order id"), objectIdParam(mailId, "The mail id"));
  return jsonReply({ success: true, message: "Mail queued again." });
});
