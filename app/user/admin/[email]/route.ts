import { emailParam } from "@/lib/http/params";
import { HttpError, jsonReply } from "@/lib/http/errors";
import { requireAdmin } from "@/lib/auth/api-guards";
import { route } from "@/lib/http/route";
import { promoteToAdmin } from "@/lib/users/commands";

type Context = { params: Promise<{ email: string }> };

/** Admin: makes that user an admin; it counts on their very next request (roles are read fresh). */
export const PUT = route(async (_request: Request, { params }: Context) => {
  await requireAdmin();
  const email = emailParam((await params).email);
  const result = await promoteToAdmin(email);
  if (!result) throw new HttpError(404, "There is no user with this email.");
  return jsonReply({
    success: true,
    message: result.modifiedCount ? `${email} is now an admin.` : `${email} was already an admin.`,
    modifiedCount: result.modifiedCount,
  });
});
